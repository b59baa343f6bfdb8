/**
 * The kitchen's side of online ordering as other features use it: the
 * paths of the board and its settings (the restaurant panel links them) and
 * the 'Agotado hoy' switch of the products screen.
 */
export { ORDER_BOARD_PATH, ORDER_SETTINGS_PATH } from './lib/paths';
export { SoldOutToggle } from './components/SoldOutToggle';
/** The tables settings' reads and the codes' renewal, for the panel's printable QR sheet (issue 31). */
export { renewTableCodes, tablesSettingsKey, tablesSettingsQueryOptions, type TableSetting, type TablesSettings } from './api/tables-settings-api';
