export { SettingsFile } from './settings-file.ts';
export { settingsRoutes } from './settings-routes.ts';
