/**
 * The URLs (under API_PREFIX) of the public reads a diner's first screen
 * makes, written once: the app's calls use them, and the build writes them
 * as the templates of the server's preload hints (src/first-view/manifest.ts),
 * which must be these URLs byte for byte for the browser to use the
 * preloaded answer. No imports: the build's manifest reads them too.
 */
const q = encodeURIComponent;

export const publicReads = {
  /** GET /api/configuraciones?cliente_id= */
  settings: (clienteId: string) => `/configuraciones?cliente_id=${q(clienteId)}`,
  /** GET /api/categories?cliente_id=&idioma= */
  categories: (clienteId: string, lang: string) => `/categories?cliente_id=${q(clienteId)}&idioma=${q(lang)}`,
  /** GET /api/popups?cliente_id= (Spanish names), &idioma=en for English ones. */
  popups: (clienteId: string, lang: 'es' | 'en' = 'es') =>
    `/popups?cliente_id=${q(clienteId)}${lang === 'en' ? '&idioma=en' : ''}`,
  /** GET /api/orders/config?cliente_id= */
  orderingConfig: (clienteId: string) => `/orders/config?cliente_id=${q(clienteId)}`,
  /** GET /api/orders/clover_products_online?cliente_id=&idioma= */
  onlineMenu: (clienteId: string, lang: string) => `/orders/clover_products_online?cliente_id=${q(clienteId)}&idioma=${q(lang)}`,
  /** GET /api/mesas/{cliente_id}/{codigo}: what a table's printed QR opens. */
  table: (clienteId: string, codigo: string) => `/mesas/${q(clienteId)}/${q(codigo)}`,
  /** GET /api/vinos?cliente_id= */
  wines: (clienteId: string) => `/vinos?cliente_id=${q(clienteId)}`,
};
