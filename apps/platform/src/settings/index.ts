export { SettingsFile } from './settings-file.ts';
export { registerSettings } from './settings-routes.ts';
