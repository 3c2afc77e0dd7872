// What the rest of the API may use of the cash on delivery module (docs/decisions/013-module-boundaries.md).
export { createCodAdminService } from './admin-service.ts';
export { codAdminRoutes } from './admin-routes.ts';
export {
  codDefaultsOf,
  codFeePaiseIn,
  codFeeRupeesIn,
  codServesPin,
  type CodFacts,
  codVerdict,
  codVerdictOf,
  lockCodPhone,
  readCodFacts,
} from './checks.ts';
export { recordRtoInTx } from './rto.ts';
export { codShopRoutes } from './shop-routes.ts';
