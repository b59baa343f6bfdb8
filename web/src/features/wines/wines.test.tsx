import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { Vino } from '../../api/contract';
import { mockFetch, renderApp, resetLanguage, storeSession, type MockAnswer } from '../../test/utils';
import { filterOptions, parseFilters, priceRange, writeFilters } from './lib/filters';
import { splitList, truncate } from './lib/text';
import { checkWine, EMPTY_WINE, textToCents } from './lib/wine-form';

const LONG =
  'Cereza madura, vainilla y cuero; taninos pulidos tras veinticuatro meses en barrica de roble francés y americano, con un final largo, especiado y muy elegante que pide cordero.';

function wine(id: number, patch: Partial<Vino>): Vino {
  return {
    id,
    cliente_id: 1,
    nombre: `Vino ${id}`,
    bodega: 'Bodega',
    anio: 2020,
    region: 'Rioja',
    pais: 'España',
    variedad_uva: 'Tempranillo',
    tipo: 'tinto',
    graduacion: 14,
    descripcion: 'Corto.',
    descripcion_en: '',
    maridaje: 'carnes rojas',
    etiqueta_url: '',
    precio: 4800,
    precio_copa: null,
    disponible: 1,
    updated_at: 0,
    ...patch,
  };
}

const alta = wine(1, { nombre: 'Viña Alta Reserva', descripcion: LONG, descripcion_en: 'Ripe cherry and vanilla.', variedad_uva: 'Tempranillo 85%, Graciano 15%', precio_copa: 1100 });
const ria = wine(2, { nombre: 'Ría de Arousa', tipo: 'blanco', region: 'Rías Baixas', variedad_uva: 'Albariño', precio: 3200, maridaje: 'mariscos, pulpo' });
const verdejo = wine(3, { nombre: 'Meseta Verdejo', tipo: 'blanco', region: 'Rueda', variedad_uva: 'Verdejo', precio: 2400, maridaje: 'ensaladas' });
const chateau = wine(4, { nombre: 'Château Rive Gauche', pais: 'Francia', region: 'Burdeos', precio: 8900, anio: null });

function cava(extra: Record<string, MockAnswer> = {}) {
  return mockFetch({
    'GET /api/vinos': { body: [alta, ria, verdejo, chateau] },
    'GET /api/configuraciones': { body: { cliente_id: 1, moneda: 'EUR', nombre_restaurante: 'La Cava Demo' } },
    ...extra,
  });
}

const names = () => screen.queryAllByTestId('cava-card').map((c) => within(c).getByRole('heading').textContent);
const location = () => screen.getByTestId('location').textContent ?? '';

describe('wine helpers', () => {
  it('round-trips the filters through the URL, leaving empty ones out', () => {
    const f = { tipo: 'blanco', pais: 'España', region: '', uva: 'Albariño', maridaje: '', q: 'ría', precio: 30 };
    const params = writeFilters(f);
    expect(params.toString()).toBe('tipo=blanco&pais=Espa%C3%B1a&uva=Albari%C3%B1o&q=r%C3%ADa&precio=30');
    expect(parseFilters(new URLSearchParams(params.toString()))).toEqual(f);
    expect(parseFilters(new URLSearchParams('precio=abc')).precio).toBeNull();
  });

  it('ranges the price slider from 0 to the highest price, starting at 1000 or the maximum', () => {
    expect(priceRange([alta, chateau])).toEqual({ max: 90, initial: 90 });
    expect(priceRange([wine(9, { precio: 250_000 })])).toEqual({ max: 2500, initial: 1000 });
  });

  it('lists the choices of each filter once, in alphabetical order with accents and case aside', () => {
    const wines = ['Rioja', 'Álava', 'aragón', 'Alicante', 'Rioja', ''].map((region, i) => wine(i + 1, { region }));
    expect(filterOptions(wines).region).toEqual(['Álava', 'Alicante', 'aragón', 'Rioja']);
  });

  it('cuts at 150 characters, splits lists and reads prices', () => {
    expect(truncate(LONG).cut).toBe(true);
    expect(Array.from(truncate(LONG).text.replace('…', '')).length).toBeLessThanOrEqual(150);
    expect(truncate('Corto.')).toEqual({ text: 'Corto.', cut: false });
    expect(splitList('Tempranillo 85%, Graciano 15%', { grapes: true })).toEqual(['Tempranillo', 'Graciano']);
    expect(textToCents('45,5')).toBe(4550);
    expect(textToCents('45.50')).toBe(4550);
    expect(textToCents('abc')).toBeNaN();
    expect(checkWine({ ...EMPTY_WINE, nombre: 'X' })).toBe('required');
    expect(checkWine({ ...EMPTY_WINE, nombre: 'X', precio: '12' })).toBeNull();
  });
});

describe('Explora Nuestra Cava', () => {
  beforeEach(resetLanguage);

  it('opens with the filters of a shared link and writes new ones to the URL', async () => {
    const { calls } = cava();
    renderApp('/cava/1?tipo=blanco&precio=30');
    expect(await screen.findByRole('heading', { name: 'Explora Nuestra Cava', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Meseta Verdejo']));
    expect(screen.getByLabelText('Tipo')).toHaveValue('blanco');
    expect(screen.getByRole('slider')).toHaveValue('30');
    // Anonymous reads: no staff token on the public cava; one read, shared
    // by the page and the shell's navigation (its 'Cava' entry).
    expect(calls.find((c) => c.url.startsWith('/api/vinos'))?.headers.Authorization).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Cava' })).toHaveAttribute('aria-current', 'page');
    expect(calls.filter((c) => c.url.startsWith('/api/vinos'))).toHaveLength(1);

    fireEvent.change(screen.getByRole('slider'), { target: { value: '40' } });
    await waitFor(() => expect(names()).toEqual(['Ría de Arousa', 'Meseta Verdejo']));
    expect(location()).toBe('/cava/1?tipo=blanco&precio=40');

    await userEvent.selectOptions(screen.getByLabelText('Uva'), 'Albariño');
    expect(names()).toEqual(['Ría de Arousa']);
    expect(location()).toBe('/cava/1?tipo=blanco&uva=Albari%C3%B1o&precio=40');

    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(names()).toHaveLength(4);
    expect(location()).toBe('/cava/1');
  });

  it('draws a screen of cards first and the rest a few per task, every one in the end', async () => {
    const many = Array.from({ length: 14 }, (_, i) => wine(100 + i, { nombre: `Vino ${String(i).padStart(2, '0')}` }));
    cava({ 'GET /api/vinos': { body: many } });
    renderApp('/cava/1');
    // The first commit (seen by the testing library's mutation observer,
    // before any timer can run) holds the first screen of cards only.
    expect(await screen.findAllByTestId('cava-card')).toHaveLength(4);
    expect(screen.getByText('14 vinos')).toBeInTheDocument();
    await waitFor(() => expect(names()).toHaveLength(14));
    expect(names()).toEqual(many.map((v) => v.nombre));
    // A new filter starts over with its own first screen.
    await userEvent.type(screen.getByLabelText('Buscar'), '1');
    await waitFor(() => expect(names()).toEqual(['Vino 01', 'Vino 10', 'Vino 11', 'Vino 12', 'Vino 13']));
  });

  it('offers the choices found in the data and searches free text', async () => {
    cava();
    renderApp('/cava/1');
    await waitFor(() => expect(names()).toHaveLength(4));
    const pais = screen.getByLabelText('País');
    const choices = () => within(pais).getAllByRole('option').map((o) => o.textContent);
    // The first paint is the cards: the choices are listed a task later.
    expect(choices()).toEqual(['Todos']);
    await waitFor(() => expect(choices()).toEqual(['Todos', 'España', 'Francia']));
    expect(within(screen.getByLabelText('Uva')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todas',
      'Albariño',
      'Graciano',
      'Tempranillo',
      'Verdejo',
    ]);
    // The slider starts at the highest price found (below the spec's 1000).
    expect(screen.getByRole('slider')).toHaveAttribute('max', '90');
    expect(screen.getByRole('slider')).toHaveAttribute('step', '10');
    expect(screen.getByRole('slider')).toHaveValue('90');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'pulpo');
    expect(names()).toEqual(['Ría de Arousa']);
    expect(location()).toBe('/cava/1?q=pulpo');
    await userEvent.selectOptions(screen.getByLabelText('País'), 'Francia');
    expect(screen.getByText('Ningún vino coincide con los filtros.')).toBeInTheDocument();
  });

  it('cuts a long description at 150 characters with Ver Más / Ver Menos', async () => {
    cava();
    renderApp('/cava/1');
    const card = await screen.findByRole('article', { name: 'Viña Alta Reserva' });
    expect(within(card).queryByText(LONG, { exact: false })).toBeNull();
    const more = within(card).getByRole('button', { name: 'Ver Más' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(within(card).getByText(LONG, { exact: false })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Ver Menos' }));
    expect(within(card).getByRole('button', { name: 'Ver Más' })).toBeInTheDocument();
    // A short description has no toggle.
    expect(within(screen.getByRole('article', { name: 'Ría de Arousa' })).queryByRole('button', { name: 'Ver Más' })).toBeNull();
  });

  it('opens the detail modal, closes it with Escape or × and gives the focus back to the card', async () => {
    cava();
    renderApp('/cava/1');
    const open = await screen.findByRole('button', { name: 'Ver detalles de Viña Alta Reserva' });
    await userEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Viña Alta Reserva' });
    expect(within(dialog).getByText('Tempranillo 85%, Graciano 15%')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();

    await userEvent.click(open);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
  });

  it('shows the English description in English', async () => {
    cava();
    await i18next.changeLanguage('en');
    renderApp('/cava/1');
    const card = await screen.findByRole('article', { name: 'Viña Alta Reserva' });
    expect(within(card).getByText('Ripe cherry and vanilla.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Explore Our Cellar', level: 1 })).toBeInTheDocument();
  });
});

function staff(extra: Record<string, MockAnswer> = {}) {
  storeSession({ clienteId: '1' });
  return mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: 1, merchant_id: 'M1', is_superadmin: false } },
    'GET /api/vinos': { body: [alta, { ...ria, disponible: 0 }] },
    'GET /api/configuraciones': { body: { cliente_id: 1, moneda: 'EUR' } },
    ...extra,
  });
}

describe('Panel de Administración: the wine search', () => {
  beforeEach(resetLanguage);

  it('asks for the name before calling the server', async () => {
    const { calls } = staff();
    renderApp('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Buscar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, introduce el nombre del vino para buscar información.');
    expect(calls.some((c) => c.url.startsWith('/api/buscar-vino'))).toBe(false);
  });

  it.each([
    [404, 'No se encontraron resultados para el vino.'],
    [503, 'Error al buscar información del vino.'],
    [500, 'Error al buscar información del vino.'],
  ])('answers a %s with the spec message', async (status, text) => {
    staff({ 'POST /api/buscar-vino': { status, body: { error: 'x' } } });
    renderApp('/admin');
    await userEvent.type(await screen.findByLabelText('Nombre del vino'), 'Nada');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('shows what was found and inferred, and imports it at 45.50 by default', async () => {
    const { calls } = staff({
      'POST /api/buscar-vino': {
        body: {
          detalles: {
            nombre: 'Rioja Reserva', bodega: '', anio: '2019', region: 'Rioja', pais: 'España', tipo: 'tinto',
            uvas: ['Tempranillo'], maridaje: ['cordero', 'quesos curados'], descripcion: 'Clásico.', inferidos: ['region', 'uvas'], fuente: 'builtin',
          },
        },
      },
      'POST /api/vinos': { status: 201, body: { vino: wine(9, { nombre: 'Rioja Reserva', precio: 4550 }), message: 'Vino agregado exitosamente.' } },
      // The cellar's list, with the imported wine once it is imported.
      'GET /api/vinos': () => ({
        body: calls.some((c) => c.method === 'POST' && c.url === '/api/vinos') ? [wine(9, { nombre: 'Rioja Reserva', precio: 4550 }), alta] : [alta],
      }),
    });
    // The old /admin is the wine page's import tab.
    renderApp('/admin');
    expect(await screen.findByRole('tab', { name: 'Buscar e importar' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.type(await screen.findByLabelText('Nombre del vino'), 'Rioja Reserva');
    await userEvent.type(screen.getByLabelText('Año'), '2019');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    const result = await screen.findByTestId('wine-lookup-result');
    expect(calls.find((c) => c.url === '/api/buscar-vino')?.body).toEqual({ nombre: 'Rioja Reserva', año: '2019', uva: '' });
    expect(within(result).getByTestId('inferred-region')).toBeInTheDocument();
    expect(within(result).getByTestId('inferred-variedad_uva')).toBeInTheDocument();
    expect(within(result).queryByTestId('inferred-nombre')).toBeNull();
    expect(within(result).getByLabelText(/^Región/)).toHaveValue('Rioja');
    expect(within(result).getByLabelText('Precio por botella *')).toHaveValue('45.50');
    await userEvent.click(within(result).getByRole('button', { name: 'Importar a la cava' }));
    expect(await screen.findByText('Vino agregado exitosamente.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/vinos');
    expect(post?.body).toMatchObject({ cliente_id: 1, nombre: 'Rioja Reserva', precio: 4550, anio: 2019, region: 'Rioja', variedad_uva: 'Tempranillo', maridaje: 'cordero, quesos curados' });
    // The cellar's tab lists it.
    await userEvent.click(screen.getByRole('tab', { name: 'Vinos de la cava' }));
    expect(await screen.findByRole('article', { name: 'Rioja Reserva' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gestión de Vinos', level: 1 })).toBeInTheDocument();
  });

  it('switches between the tabs with the arrow keys', async () => {
    staff();
    renderApp('/list');
    const cellar = await screen.findByRole('tab', { name: 'Vinos de la cava' });
    expect(cellar).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'Viña Alta Reserva' })).toBeInTheDocument();
    cellar.focus();
    await userEvent.keyboard('{ArrowRight}');
    const lookup = screen.getByRole('tab', { name: 'Buscar e importar' });
    expect(lookup).toHaveFocus();
    expect(lookup).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Buscar e importar' })).toContainElement(screen.getByLabelText('Nombre del vino'));
    await userEvent.keyboard('{Home}');
    expect(cellar).toHaveFocus();
    expect(cellar).toHaveAttribute('aria-selected', 'true');
  });

  it('says so when the import fails', async () => {
    staff({
      'POST /api/buscar-vino': { body: { detalles: { nombre: 'X', bodega: '', anio: '', region: 'Desconocida', pais: '', tipo: 'Desconocido', uvas: ['Desconocida'], maridaje: [], descripcion: '', inferidos: [], fuente: 'builtin' } } },
      'POST /api/vinos': { status: 500, body: { error: 'boom' } },
    });
    renderApp('/admin');
    await userEvent.type(await screen.findByLabelText('Nombre del vino'), 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Importar a la cava' }));
    expect(await screen.findByText('Error al agregar el vino.')).toBeInTheDocument();
  });
});

describe('Gestión de Vinos', () => {
  beforeEach(resetLanguage);

  it('lists every wine with the staff token, searches, and refuses an edit without name or price', async () => {
    const { calls } = staff({ 'PUT /api/vinos/1': { body: { ...alta, nombre: 'Viña Alta Gran Reserva' } } });
    renderApp('/list');
    let card = await screen.findByRole('article', { name: 'Viña Alta Reserva' });
    expect(calls.find((c) => c.url.startsWith('/api/vinos'))?.headers.Authorization).toBe('Bearer tok-1');
    expect(within(screen.getByRole('article', { name: 'Ría de Arousa' })).getByText('Oculto')).toBeInTheDocument();
    expect(await within(card).findByText(/11[.,]00/)).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar vinos' }), 'albari');
    expect(screen.queryByRole('article', { name: 'Viña Alta Reserva' })).toBeNull();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Buscar vinos' }));
    card = screen.getByRole('article', { name: 'Viña Alta Reserva' });

    await userEvent.click(within(card).getByRole('button', { name: 'Editar' }));
    const form = within(card).getByRole('form', { name: 'Editar Viña Alta Reserva' });
    await userEvent.clear(within(form).getByLabelText('Precio por botella *'));
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Por favor, completa todos los campos obligatorios.');
    await userEvent.clear(within(form).getByLabelText('Nombre *'));
    await userEvent.type(within(form).getByLabelText('Precio por botella *'), '48');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Por favor, completa todos los campos obligatorios.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(within(form).getByLabelText('Nombre *'), 'Viña Alta Gran Reserva');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('article', { name: 'Viña Alta Gran Reserva' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ cliente_id: 1, nombre: 'Viña Alta Gran Reserva', precio: 4800, precio_copa: 1100 });
  });

  it('shows and hides, and reports the spec messages when the server fails', async () => {
    staff({
      'PUT /api/vinos/2': { body: { ...ria, disponible: 1 } },
      'PUT /api/vinos/1': { status: 500, body: { error: 'x' } },
      'DELETE /api/vinos/1': { status: 500, body: { error: 'x' } },
      'POST /api/vinos/1/imagen': { status: 500, body: { error: 'x' } },
    });
    renderApp('/list');
    const ria2 = await screen.findByRole('article', { name: 'Ría de Arousa' });
    await userEvent.click(within(ria2).getByRole('button', { name: 'Mostrar' }));
    expect(await within(ria2).findByText('Visible')).toBeInTheDocument();
    expect(within(ria2).getByRole('button', { name: 'Ocultar' })).toBeInTheDocument();

    const card = screen.getByRole('article', { name: 'Viña Alta Reserva' });
    await userEvent.click(within(card).getByRole('button', { name: 'Ocultar' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('No se pudo actualizar la disponibilidad.');

    const file = new File(['x'], 'etiqueta.png', { type: 'image/png' });
    await userEvent.upload(within(card).getByTestId('wine-label-input'), file);
    expect(await within(card).findByRole('alert')).toHaveTextContent('No se pudo actualizar la imagen.');

    const remove = within(card).getByRole('button', { name: 'Eliminar' });
    await userEvent.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Eliminar vino' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remove).toHaveFocus();
    await userEvent.click(remove);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Hubo un error al eliminar el vino.');
  });

  it('says so when the wines cannot be loaded', async () => {
    // A 4xx is not retried (a 5xx would be, after real back-off delays).
    staff({ 'GET /api/vinos': { status: 403, body: { error: 'x' } } });
    renderApp('/list');
    expect(await screen.findByText('Error al cargar los vinos.')).toBeInTheDocument();
  });
});
