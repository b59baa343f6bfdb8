/**
 * What the build tells the Go server besides the first view's templates
 * (scripts/first-views.mjs writes it to dist/.vite/first-views.json with
 * the templates and the inline scripts): the browser-storage keys the
 * diner's pages own, and, per public page the server helps paint, the
 * route's modules in Vite's manifest and the URLs of its first API reads,
 * as the app asks them (the server preloads them: a preloaded answer is
 * used only for the same URL, byte for byte). A restaurant id is the slot
 * cartaslotcliente, which the server fills.
 */
import { API_PREFIX } from '../lib/api-client';
import { DINER_KEYS, LANGUAGE_STORAGE_KEY, popupClosedKey, popupDataKey } from '../lib/storage-keys';
import { publicReads } from '../lib/public-reads';

/** The restaurant slot of the URL templates and keys. */
export const CLIENTE_SLOT = 'cartaslotcliente';

/**
 * The table-code slot of the table page's read: the code is the URL's own,
 * so the server sends that read's preload per request (a Link header) and
 * keeps the page itself one per restaurant.
 */
export const CODIGO_SLOT = 'cartaslotcodigo';

/** The language the first views are rendered and preloaded in. */
const LANG = 'es';

export type PageHints = {
  /** The route's modules (keys of Vite's manifest) whose chunks are preloaded. */
  modules: string[];
  /** The first API reads (URL templates, the restaurant as CLIENTE_SLOT). */
  reads: string[];
};

const read = (path: string) => API_PREFIX + path;

export const firstViewManifest = {
  /** Every key the first views' scripts read (the server names none: internal/web/ownership_test.go). */
  storageKeys: [
    LANGUAGE_STORAGE_KEY,
    DINER_KEYS.token,
    DINER_KEYS.usuarioId,
    popupDataKey(CLIENTE_SLOT),
    popupClosedKey(CLIENTE_SLOT),
  ],
  pages: {
    // The diner menu (MenuPage under the diner shell): its settings, categories, popups, and
    // whether it takes orders ('Ordena en Línea' in the navigation).
    menu: {
      modules: ['src/features/menu/routes/MenuPage.tsx', 'src/i18n/locales/es.json'],
      reads: [
        read(publicReads.settings(CLIENTE_SLOT)),
        read(publicReads.categories(CLIENTE_SLOT, LANG)),
        read(publicReads.popups(CLIENTE_SLOT, LANG)),
        read(publicReads.orderingConfig(CLIENTE_SLOT)),
      ],
    },
    cava: {
      modules: ['src/features/wines/routes/CavaPage.tsx', 'src/i18n/locales/es.json'],
      reads: [read(publicReads.settings(CLIENTE_SLOT)), read(publicReads.wines(CLIENTE_SLOT))],
    },
    // The ordering pages' texts are a part of their own (app/i18n.ts: checkout).
    ordering: {
      modules: [
        'src/features/ordering/routes/OrderOnlinePage.tsx',
        'src/i18n/locales/es.checkout.json',
        'src/i18n/locales/es.json',
      ],
      reads: [
        read(publicReads.settings(CLIENTE_SLOT)),
        read(publicReads.onlineMenu(CLIENTE_SLOT, LANG)),
        read(publicReads.orderingConfig(CLIENTE_SLOT)),
      ],
    },
    // A table's printed QR (/mesa/:cliente_id/:codigo): the landing looks the table up, then
    // shows the ordering page in table mode, so both come with the HTML.
    table: {
      modules: [
        'src/features/ordering/routes/TablePages.tsx',
        'src/features/ordering/routes/OrderOnlinePage.tsx',
        'src/i18n/locales/es.checkout.json',
        'src/i18n/locales/es.json',
      ],
      reads: [
        read(publicReads.table(CLIENTE_SLOT, CODIGO_SLOT)),
        read(publicReads.settings(CLIENTE_SLOT)),
        read(publicReads.onlineMenu(CLIENTE_SLOT, LANG)),
        read(publicReads.orderingConfig(CLIENTE_SLOT)),
      ],
    },
  } satisfies Record<string, PageHints>,
};
