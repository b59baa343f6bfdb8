/**
 * Build-time rendering of the diner menu's first view (scripts/first-views.mjs
 * runs it after `vite build`, with React's server renderer): the real
 * MenuScreen, rendered with placeholder data whose strings are slots
 * (`cartaslot…`). The script turns the markup into the templates the Go
 * server fills from the menu it already caches (internal/web/firstview.go),
 * so the HTML a phone paints before any JavaScript is these components' own
 * markup, not a second copy of it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import es from '../i18n/locales/es.json';
import { MenuScreen } from '../features/menu/components/MenuScreen';
import { menuKeys } from '../features/menu/api/menu-api';
import { DEFAULT_SETTINGS } from '../api/settings';
import { primeFetchCaches } from '../lib/fetch-cache';

/** The restaurant id slot: a letters-only string survives URLs and the app's checks. */
export const ID_SLOT = 'cartaslotcliente';

export type MenuFirstView = {
  logo: boolean;
  name: boolean;
  background: boolean;
  /** Per category: whether it has a picture. */
  images: boolean[];
};

function i18n() {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: 'es',
    fallbackLng: 'es',
    resources: { es: { translation: es } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/**
 * renderMenu renders the categories view of the diner menu for slot data:
 * category i has the slots cartaslotitem{i}id, …name and …img. The settings'
 * slots are cartaslotlogo, cartaslotname and cartaslotbg; the card colour's
 * slot marks the card's style attribute, which the script makes one slot
 * (the server computes the style like the app's cardStyle).
 */
export function renderMenu(v: MenuFirstView): string {
  const lang = 'es';
  primeFetchCaches({
    [menuKeys.settings(ID_SLOT)]: {
      ...DEFAULT_SETTINGS,
      cliente_id: 0,
      logo: v.logo ? '/cartaslotlogo' : '',
      nombre_restaurante: v.name ? 'cartaslotname' : '',
      backgroundImage: v.background ? '/cartaslotbg' : '',
      cardColor: 'cartaslotcardcolor',
    },
    [menuKeys.categories(ID_SLOT, lang)]: v.images.map((img, i) => ({
      id: `cartaslotitem${i}id`,
      name: `cartaslotitem${i}name`,
      image_path: img ? `/cartaslotitem${i}img` : null,
    })),
    [menuKeys.popups(ID_SLOT)]: [],
  });
  try {
    return renderToStaticMarkup(
      <I18nextProvider i18n={i18n()}>
        <MemoryRouter initialEntries={[`/menu/${ID_SLOT}`]}>
          <MenuScreen clienteId={ID_SLOT} />
        </MemoryRouter>
      </I18nextProvider>,
    );
  } finally {
    primeFetchCaches({});
  }
}
