/** The settings feature as other features use it: the restaurant settings query. */
export { getSettingsQueryOptions, settingsKeys } from './api/get-settings';
