/**
 * The menu feature as other features use it: the diner menu screen (with a
 * slot for content above the views), the pieces of a menu page, and whether
 * a restaurant has a cava to show (the diner shell's navigation). It must
 * stay free of TanStack Query (see vite.config.ts).
 */
export { MenuScreen } from './components/MenuScreen';
export { MissingClienteId } from './components/MissingClienteId';
export { useMenuClienteId } from './lib/use-menu-cliente-id';
export { useCavaAvailable } from './lib/use-cava';
export { usePromotion, type Promotion } from './components/PromoPopup';
