/**
 * Build-time rendering of the diner menu's first view (scripts/first-views.mjs
 * runs it after `vite build`, with React's server renderer): the real diner
 * shell (DinerLayout: the restaurant's header, navigation and account entry)
 * around the real MenuPage with its call to register, as the app renders the
 * route /menu/:cliente_id for a visitor in Spanish, with placeholder data
 * whose strings are slots (`cartaslot…`). The script turns the markup into
 * the templates the Go server fills from the menu it already caches
 * (internal/web/firstview.go), so the HTML a phone paints before any
 * JavaScript is these components' own markup, not a second copy of it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import es from '../i18n/locales/es.json';
import DinerLayout from '../app/DinerLayout';
import MenuPage from '../features/menu/routes/MenuPage';
import { RegisterCallToAction } from '../features/account';
import { dinerSettingsKey } from '../components/DinerShell';
import { menuKeys } from '../features/menu/api/menu-api';
import { DEFAULT_SETTINGS } from '../api/settings';
import { primeFetchCaches } from '../lib/fetch-cache';

/**
 * The restaurant id slot. The shell only takes a restaurant id made of
 * digits, so the render uses this number and the script turns every
 * occurrence into the slot `cartaslotcliente`.
 */
export const ID_NUMBER = '9876543210123';

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
 * renderMenu renders the categories view of the diner menu, in its shell,
 * for slot data: category i has the slots cartaslotitem{i}id, …name and
 * …img. The settings' slots are cartaslotlogo and cartaslotname; the
 * background (a placeholder URL) and the card colour's slot land in the
 * style attributes the script turns into one slot each, which the server
 * computes itself (the cards' and the shell's, see cardStyle and
 * shellStyle in internal/web/firstview.go).
 */
export function renderMenu(v: MenuFirstView): string {
  const lang = 'es';
  primeFetchCaches({
    [dinerSettingsKey(ID_NUMBER)]: {
      ...DEFAULT_SETTINGS,
      cliente_id: 0,
      logo: v.logo ? '/cartaslotlogo' : '',
      nombre_restaurante: v.name ? 'cartaslotname' : '',
      backgroundImage: v.background ? '/cartaslotbg' : '',
      cardColor: 'cartaslotcardcolor',
    },
    [menuKeys.categories(ID_NUMBER, lang)]: v.images.map((img, i) => ({
      id: `cartaslotitem${i}id`,
      name: `cartaslotitem${i}name`,
      image_path: img ? `/cartaslotitem${i}img` : null,
    })),
    [menuKeys.popups(ID_NUMBER)]: [],
  });
  try {
    return renderToStaticMarkup(
      <I18nextProvider i18n={i18n()}>
        <MemoryRouter initialEntries={[`/menu/${ID_NUMBER}`]}>
          <Routes>
            <Route element={<DinerLayout />}>
              <Route
                path="/menu/:cliente_id"
                element={<MenuPage aboveMenu={(id) => <RegisterCallToAction clienteId={id} />} />}
              />
            </Route>
          </Routes>
        </MemoryRouter>
      </I18nextProvider>,
    );
  } finally {
    primeFetchCaches({});
  }
}

export { firstViewManifest, CLIENTE_SLOT } from './manifest';
