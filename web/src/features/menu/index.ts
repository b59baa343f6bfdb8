/**
 * The menu feature as other features use it: the diner menu screen (with
 * slots for header controls and content above the views) and the pieces of
 * a menu page. It must stay free of TanStack Query (see vite.config.ts).
 */
export { MenuScreen } from './components/MenuScreen';
export { MissingClienteId } from './components/MissingClienteId';
export { useMenuClienteId } from './lib/use-menu-cliente-id';
