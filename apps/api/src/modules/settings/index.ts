// What the rest of the API may use of the settings module (docs/decisions/013-module-boundaries.md).
export {
  createSettingsService,
  createSiteSettings,
  settingsDefaults,
  storeSettingsIn,
  welcomeOfferOf,
} from './service.ts';
export { settingsAdminRoutes } from './routes.ts';
