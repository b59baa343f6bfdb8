import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, queryOf, renderApp, resetLanguage, type FetchCall } from '../../test/utils';

const settings = {
  cliente_id: 1,
  logo: 'static/images/default-logo.png',
  backgroundImage: '/media/bg.jpg',
  cardColor: '#112233',
  textColor: '#ffffff',
  cardBorderRadius: '',
  fontSize: '18px',
  fontFamily: 'Georgia',
  nombre_restaurante: 'La Cava Demo',
  telefono_contacto: '',
  ubicacion_google_maps: '',
  direccion: '',
  moneda: 'USD',
};

const byLang = (es: unknown, en: unknown) => (call: FetchCall) => ({
  body: queryOf(call).get('idioma') === 'en' ? en : es,
});

function menuRoutes(extra: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
  return mockFetch({
    'GET /api/configuraciones': { body: settings },
    'GET /api/categories': byLang(
      { categorias: [{ id: 3, name: 'Entradas', image_path: '/media/e.jpg', cliente_id: 1 }, { id: 4, name: 'Postres', image_path: '', cliente_id: 1 }] },
      { categorias: [{ id: 3, name: 'Starters', image_path: '/media/e.jpg', cliente_id: 1 }, { id: 4, name: 'Desserts', image_path: '', cliente_id: 1 }] },
    ),
    'GET /api/categories/3/subcategories': byLang(
      {
        subcategorias: [
          { id: 11, clover_category_id: 'CAT-HOT', name: 'Tapas Calientes', position: 2 },
          { id: 10, clover_category_id: 'CAT-COLD', name: 'Tapas Frías', position: 1 },
        ],
      },
      { subcategorias: [{ id: 10, clover_category_id: 'CAT-COLD', name: 'Cold Tapas', position: 1 }] },
    ),
    'GET /api/categories/4/subcategories': { body: { subcategorias: [] } },
    'GET /api/productos': byLang(
      {
        productos: [
          {
            id: 1,
            name: 'Jamón Ibérico',
            description: 'Loncheado a mano',
            price: 1850,
            image_path: '/media/j.jpg',
            visible: true,
            alergenos: ['sulfitos'],
            etiquetas: ['sin_gluten'],
          },
          { id: 2, name: 'Tabla de Quesos Especial', description: '', price: 2200, image_path: '', visible: false },
        ],
      },
      {
        productos: [
          { id: 1, name: 'Iberian Ham', description: 'Hand carved', price: 1850, image_path: '', visible: true, alergenos: ['sulfitos'], etiquetas: ['sin_gluten'] },
        ],
      },
    ),
    'GET /api/popups': { body: [] },
    ...extra,
  });
}

describe('diner menu', () => {
  beforeEach(resetLanguage);

  it('walks categories → subcategories → products and back, with the view in the URL', async () => {
    const { calls } = menuRoutes();
    renderApp('/menu/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Menú Digital' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Categorías Principales' })).toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Entradas' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/menu/1?categoria=3');
    expect(await screen.findByRole('heading', { name: 'Subcategorías de Entradas' })).toBeInTheDocument();
    const subs = await screen.findAllByRole('link', { name: /Tapas/ });
    expect(subs.map((a) => a.textContent)).toEqual(['Tapas Frías', 'Tapas Calientes']);

    await user.click(screen.getByRole('link', { name: 'Tapas Frías' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/menu/1?categoria=3&sub=CAT-COLD');
    expect(await screen.findByRole('heading', { name: 'Productos' })).toBeInTheDocument();
    expect(await screen.findByText('Jamón Ibérico')).toBeInTheDocument();
    expect(screen.queryByText('Tabla de Quesos Especial')).not.toBeInTheDocument();
    expect(screen.getByText(/18\.50/)).toBeInTheDocument();
    const productCall = calls.find((c) => c.url.startsWith('/api/productos'))!;
    expect(Object.fromEntries(queryOf(productCall))).toEqual({ cliente_id: '1', category_id: 'CAT-COLD', idioma: 'es' });
    expect(productCall.headers.Authorization).toBeUndefined();

    await user.click(screen.getByRole('link', { name: 'Volver' }));
    expect(await screen.findByRole('heading', { name: 'Subcategorías de Entradas' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Volver a Categorías' }));
    expect(await screen.findByRole('heading', { name: 'Categorías Principales' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/menu\/1$/);
    // No cache-busting parameters: the server's ETags do the revalidation.
    expect(calls.every((c) => !/[?&]_?v=/.test(c.url))).toBe(true);
  });

  it("writes each product's allergens as words, in the diner's language", async () => {
    menuRoutes();
    renderApp('/menu/1?categoria=3&sub=CAT-COLD');
    const card = (await screen.findByRole('heading', { name: 'Jamón Ibérico' })).closest('article')!;
    expect(within(card).getByRole('list', { name: 'Contiene:' })).toHaveTextContent('Dióxido de azufre y sulfitos');
    expect(within(card).getByRole('list', { name: 'Información dietética' })).toHaveTextContent('Sin gluten');
    await userEvent.setup().click(screen.getByRole('button', { name: 'English' }));
    const en = (await screen.findByRole('heading', { name: 'Iberian Ham' })).closest('article')!;
    expect(within(en).getByRole('list', { name: 'Contains:' })).toHaveTextContent('Sulphur dioxide and sulphites');
    expect(within(en).getByRole('list', { name: 'Dietary information' })).toHaveTextContent('Gluten-free');
  });

  it("says 'IVA incluido' beside a VAT restaurant's prices, and nothing where tax is added (issue 29)", async () => {
    menuRoutes({
      'GET /api/configuraciones': {
        body: { ...settings, moneda: 'EUR', pais: 'ES', locales: { es: 'es-ES', en: 'en-ES' }, zona_horaria: 'Europe/Madrid', impuestos_incluidos: true },
      },
    });
    let view = renderApp('/menu/1?categoria=3&sub=CAT-COLD');
    expect(await screen.findByText('Jamón Ibérico')).toBeInTheDocument();
    expect(screen.getByText('18,50 €')).toBeInTheDocument();
    expect(await screen.findByTestId('tax-note')).toHaveTextContent('IVA incluido');
    await userEvent.setup().click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Iberian Ham')).toBeInTheDocument();
    expect(screen.getByTestId('tax-note')).toHaveTextContent('VAT included');
    view.unmount();

    await resetLanguage();
    menuRoutes({ 'GET /api/configuraciones': { body: { ...settings, impuestos_incluidos: false } } });
    view = renderApp('/menu/1?categoria=3&sub=CAT-COLD');
    expect(await screen.findByText('Jamón Ibérico')).toBeInTheDocument();
    expect(screen.queryByTestId('tax-note')).not.toBeInTheDocument();
    expect(screen.queryByText(/IVA incluido/)).not.toBeInTheDocument();
  });

  it('styles the cards and header from the settings', async () => {
    menuRoutes();
    renderApp('/menu/1');
    const card = await screen.findByRole('link', { name: 'Entradas' });
    expect(card).toHaveStyle({ backgroundColor: '#112233', color: '#ffffff', borderRadius: '10px', fontSize: '18px' });
    expect(card.style.fontFamily).toContain('Georgia');
    const logo = await screen.findByTestId('menu-logo');
    expect(logo).toHaveAttribute('src', '/static/images/default-logo.png');
    const img = card.querySelector('img')!;
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('decoding', 'auto'); // the first row: decoded with the frame that shows it
    expect(img).toHaveAttribute('loading', 'eager');
  });

  it('shows the empty states', async () => {
    menuRoutes({ 'GET /api/productos': { body: { productos: [{ id: 9, name: 'X', price: 1, visible: false }] } } });
    renderApp('/menu/1?categoria=4');
    expect(await screen.findByText('No se encontraron subcategorías.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subcategorías de Postres' })).toBeInTheDocument();
  });

  it('shows "no visible products" when every product is hidden', async () => {
    menuRoutes({ 'GET /api/productos': { body: { productos: [{ id: 9, name: 'X', price: 1, visible: false }] } } });
    renderApp('/clientes/menu/1?categoria=3&sub=CAT-COLD');
    expect(await screen.findByText('No se encontraron productos visibles.')).toBeInTheDocument();
  });

  it('shows the spec messages on load failures', async () => {
    menuRoutes({
      'GET /api/categories': { status: 400, body: { error: 'x' } },
      'GET /api/categories/3/subcategories': { status: 404, body: { error: 'x' } },
    });
    const view = renderApp('/menu/1');
    expect(await screen.findByText('Error al cargar categorías principales.')).toBeInTheDocument();
    view.unmount();
    renderApp('/menu/1?categoria=3');
    expect(await screen.findByText('Error al cargar subcategorías.')).toBeInTheDocument();
  });

  it('shows the friendly note when products fail', async () => {
    menuRoutes({ 'GET /api/productos': { status: 404, body: { error: 'x' } } });
    renderApp('/menu/1?categoria=3&sub=CAT-COLD');
    expect(await screen.findByText('🚀 Pendiente a nuestras promociones. ¡Pronto habrá novedades!')).toBeInTheDocument();
  });

  it('refuses a view with missing information', async () => {
    menuRoutes();
    renderApp('/menu/1?sub=CAT-COLD');
    expect(
      await screen.findByText('Error: Falta información requerida para cargar productos/subcategorías.'),
    ).toBeInTheDocument();
  });

  it('shows a neutral page for an unknown or suspended restaurant', async () => {
    menuRoutes({ 'GET /api/configuraciones': { status: 404, body: { error: 'no' } } });
    renderApp('/menu/99');
    expect(await screen.findByText('Este menú no está disponible en este momento.')).toBeInTheDocument();
  });

  it('needs a restaurant id: route, then ?menu=, then stored data', async () => {
    const { calls } = menuRoutes();
    renderApp('/restaurante/abc');
    expect(await screen.findByText('Error: cliente_id no está disponible.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('falls back to the stored cliente_id', async () => {
    localStorage.setItem('cliente_id', '1');
    const { calls } = menuRoutes();
    renderApp('/restaurante/x/menu');
    expect(await screen.findByRole('link', { name: 'Entradas' })).toBeInTheDocument();
    expect(queryOf(calls.find((c) => c.url.startsWith('/api/categories'))!).get('cliente_id')).toBe('1');
  });

  it('switches the menu to English', async () => {
    const { calls } = menuRoutes();
    renderApp('/menu/1?categoria=3&sub=CAT-COLD');
    expect(await screen.findByText('Jamón Ibérico')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Iberian Ham')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Digital Menu' })).toBeInTheDocument();
    expect(screen.getByText('$18.50')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/productos') && queryOf(c).get('idioma') === 'en')).toBe(true);
  });
});

describe('promotion popup', () => {
  beforeEach(resetLanguage);
  const popup = { id: 5, cliente_id: 1, name: 'Promoción de la Casa', file_url: '/media/p.jpg', file_type: 'image/jpeg', created_at: 1 };

  it('opens, closes with Escape, stays closed, and reopens from "Ver Promoción"', async () => {
    menuRoutes({ 'GET /api/popups': { body: [popup] } });
    const view = renderApp('/menu/1');
    const dialog = await screen.findByRole('dialog', { name: 'Promoción de la Casa' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/media/p.jpg');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toHaveFocus());
    expect(localStorage.getItem('popup_data_1')).toContain('/media/p.jpg');

    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('popup_closed_1')).toBe('true');
    const reopen = screen.getByRole('button', { name: 'Ver Promoción' });
    // In the bottom bar, not floating over the menu.
    expect(screen.getByTestId('diner-bar')).toContainElement(reopen);
    await waitFor(() => expect(reopen).toHaveFocus());

    // A fresh visit keeps it closed.
    view.unmount();
    renderApp('/menu/1');
    expect(await screen.findByRole('button', { name: 'Ver Promoción' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ver Promoción' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(localStorage.getItem('popup_closed_1')).toBeNull();
  });

  it('stays closed when the diner switches to English, and reopens under its English name', async () => {
    const { calls } = menuRoutes({ 'GET /api/popups': { body: [{ ...popup, name_en: 'House Promotion' }] } });
    renderApp('/menu/1');
    await screen.findByRole('dialog', { name: 'Promoción de la Casa' });
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'View Promotion' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('popup_closed_1')).toBe('true');
    // One read serves both languages.
    expect(calls.filter((c) => c.url.startsWith('/api/popups'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'View Promotion' }));
    expect(await screen.findByRole('dialog', { name: 'House Promotion' })).toBeInTheDocument();
  });

  it('opens again when the popup changed, even if the old one was closed', async () => {
    localStorage.setItem('popup_data_1', JSON.stringify({ id: 4, name: 'Vieja', file_url: '/media/old.jpg', file_type: 'image/jpeg' }));
    localStorage.setItem('popup_closed_1', 'true');
    menuRoutes({ 'GET /api/popups': { body: [popup] } });
    renderApp('/menu/1');
    expect(await screen.findByRole('dialog', { name: 'Promoción de la Casa' })).toBeInTheDocument();
    expect(localStorage.getItem('popup_closed_1')).toBeNull();
  });

  it('plays a video muted inline, and shows "Contenido no disponible" for other files', async () => {
    menuRoutes({ 'GET /api/popups': { body: [{ ...popup, name: '', file_url: '/media/v.mp4', file_type: 'video/mp4' }] } });
    const view = renderApp('/menu/1');
    const dialog = await screen.findByRole('dialog', { name: 'Promoción' });
    const video = dialog.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    view.unmount();
    localStorage.clear();
    menuRoutes({ 'GET /api/popups': { body: [{ ...popup, file_url: '/media/x.pdf', file_type: 'application/pdf' }] } });
    renderApp('/menu/1');
    expect(await screen.findByText('Contenido no disponible')).toBeInTheDocument();
  });

  it('only logs a popup load failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    menuRoutes({ 'GET /api/popups': { status: 404, body: { error: 'x' } } });
    renderApp('/menu/1');
    await screen.findByRole('link', { name: 'Entradas' });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Error al cargar el popup.', expect.anything()));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => undefined);
  });
});
