// What the rest of the API may use of the delivery module (docs/decisions/013-module-boundaries.md).
export { orderPromiseValues, pinServiceability } from './promise.ts';
export { deliveryAdminRoutes, deliveryRoutes } from './routes.ts';
export { deliveryReport, reportText } from './report.ts';
