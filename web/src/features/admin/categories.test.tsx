import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockFetch, queryOf, renderApp, resetLanguage, storeSession, type FetchCall, type MockAnswer } from '../../test/utils';

const tacos = { id: 5, name: 'Tacos', image_path: '/media/tacos.jpg', cliente_id: 3, translations: { en: { name: 'Tacos EN' } } };
const postres = { id: 7, name: 'Postres', image_path: '', cliente_id: 3, translations: null };
const pos = [
  { clover_category_id: 'CTAC', subcategoria_nombre: 'Tacos de Guisado', position: 0 },
  { clover_category_id: 'CPAS', subcategoria_nombre: 'Tacos al Pastor', position: 1 },
  { clover_category_id: 'CQUE', subcategoria_nombre: 'Quesadillas', position: 2 },
];
const subsOfTacos = [
  { id: 10, clover_category_id: 'CTAC', name: 'Tacos de Guisado', position: 2 },
  { id: 9, clover_category_id: 'CPAS', name: 'Tacos al Pastor', position: 1 },
];

function routes(extra: Record<string, MockAnswer> = {}, merchant: string | null = 'M3') {
  storeSession({ clienteId: '3' });
  return mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: 3, merchant_id: merchant, is_superadmin: 0 } },
    'GET /api/categories': { body: { categorias: [tacos, postres] } },
    'GET /api/categories/5/subcategories': { body: { subcategorias: subsOfTacos } },
    'GET /api/categories/7/subcategories': { body: { subcategorias: [] } },
    'GET /api/clover/categories': { body: { categorias: pos } },
    ...extra,
  });
}

const card = (name: string) => screen.getByRole('heading', { name, level: 3 }).closest('li') as HTMLElement;
const posts = (calls: FetchCall[], url: string) =>
  calls.filter((c) => c.method === 'POST' && c.url.split('?')[0] === url);

describe('category management', () => {
  beforeEach(resetLanguage);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the main categories with their subcategories in position order', async () => {
    const { calls } = routes();
    renderApp('/clover-categories?cliente_id=3');
    expect(await screen.findByRole('heading', { name: 'Gestión de Categorías', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Tacos', level: 3 })).toBeInTheDocument();
    const tacosCard = card('Tacos');
    expect(within(tacosCard).getByRole('img', { name: 'Tacos' })).toHaveAttribute('src', '/media/tacos.jpg');
    expect(within(tacosCard).getByLabelText('Nombre en inglés de Tacos')).toHaveValue('Tacos EN');
    const items = await within(tacosCard).findAllByTestId('subcategory-item');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Posición 1Tacos al Pastor'),
      expect.stringContaining('Posición 2Tacos de Guisado'),
    ]);
    expect(await within(card('Postres')).findByText('Sin subcategorías asignadas.')).toBeInTheDocument();
    const list = calls.find((c) => c.url.startsWith('/api/categories?'))!;
    expect(queryOf(list).get('cliente_id')).toBe('3');
    expect(queryOf(list).get('idioma')).toBe('es');
  });

  it('validates the create form without calling the server', async () => {
    const { calls } = routes({}, null);
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Tacos', level: 3 });
    await user.type(screen.getByLabelText('Nombre de la categoría'), '   ');
    await user.click(screen.getByRole('button', { name: 'Crear Categoría' }));
    expect(await screen.findByText('El nombre de la categoría es obligatorio.')).toHaveAttribute('role', 'alert');
    // The session knows no merchant id.
    await user.type(screen.getByLabelText('Nombre de la categoría'), 'Especiales');
    await user.click(screen.getByRole('button', { name: 'Crear Categoría' }));
    expect(await screen.findByText('Error: Cliente o Merchant no identificado.')).toBeInTheDocument();
    expect(posts(calls, '/api/categories')).toHaveLength(0);
  });

  it('creates a category with its English name and reloads the list', async () => {
    let list = [tacos, postres];
    const { calls } = routes({
      'GET /api/categories': () => ({ body: { categorias: list } }),
      'POST /api/categories': () => {
        const created = { id: 11, name: 'Especiales', image_path: '', cliente_id: 3, translations: { en: { name: 'Specials' } } };
        list = [...list, created];
        return { status: 201, body: { message: 'Categoría creada exitosamente.', categoria: created } };
      },
      'GET /api/categories/11/subcategories': { body: { subcategorias: [] } },
    });
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nombre de la categoría'), ' Especiales ');
    await user.type(screen.getByLabelText('Nombre en inglés (opcional)'), 'Specials');
    await user.click(screen.getByRole('button', { name: 'Crear Categoría' }));
    expect(await screen.findByText('Categoría creada exitosamente.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Especiales', level: 3 })).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre de la categoría')).toHaveValue('');
    expect(posts(calls, '/api/categories')[0].body).toEqual({
      name: 'Especiales',
      name_en: 'Specials',
      merchant_id: 'M3',
      cliente_id: 3,
      image_path: '',
    });
  });

  it("shows the server's error when creating fails", async () => {
    routes({ 'POST /api/categories': { status: 400, body: { error: 'El nombre es demasiado largo (máximo 80 caracteres).' } } });
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nombre de la categoría'), 'X');
    await user.click(screen.getByRole('button', { name: 'Crear Categoría' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El nombre es demasiado largo (máximo 80 caracteres).');
  });

  it('syncs with Clover, shows the message and reloads the data', async () => {
    let loads = 0;
    const { calls } = routes({
      'GET /api/categories': () => {
        loads++;
        return { body: { categorias: [tacos, postres] } };
      },
      'POST /api/clover/sync-all': {
        body: { message: 'Sincronización completada exitosamente.', result: { categorias: 8, productos: 40, creados: 0, actualizados: 0, eliminados: 0 } },
      },
    });
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Tacos', level: 3 });
    expect(loads).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Sincronizar con Clover' }));
    expect(await screen.findByText('Sincronización completada exitosamente.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(loads).toBe(2));
    expect(posts(calls, '/api/clover/sync-all')[0].body).toEqual({ cliente_id: 3 });
  });

  it('shows the sync failure', async () => {
    routes({ 'POST /api/clover/sync-all': { status: 503, body: {} } });
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Tacos', level: 3 });
    await user.click(screen.getByRole('button', { name: 'Sincronizar con Clover' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al sincronizar con Clover.');
  });

  it("shows the spec's load error, in both languages", async () => {
    routes({ 'GET /api/categories': { status: 500, body: {} } });
    renderApp('/clover-categories?cliente_id=3');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error al cargar categorías\.$/);
    expect(screen.getByRole('button', { name: 'Asignar Subcategorías' })).toBeDisabled();
    await i18next.changeLanguage('en');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not load the categories\.$/);
  });

  it('empties the list when reloading it fails', async () => {
    let fail = false;
    routes({
      'GET /api/categories': () => (fail ? { status: 500, body: {} } : { body: { categorias: [tacos, postres] } }),
      'POST /api/clover/sync-all': () => {
        fail = true;
        return { body: { message: 'Sincronización completada exitosamente.' } };
      },
    });
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Tacos', level: 3 });
    await user.click(screen.getByRole('button', { name: 'Sincronizar con Clover' }));
    expect(await screen.findByText('Error al cargar categorías.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Tacos', level: 3 })).not.toBeInTheDocument();
  });

  it('the picker refuses an empty selection and clamps positions to at least 1', async () => {
    const { calls } = routes({
      'POST /api/categories/7/subcategories': { body: { message: 'ok', subcategorias: [] } },
    });
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Tacos', level: 3 });
    await user.click(screen.getAllByRole('button', { name: 'Asignar Subcategorías' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Asignar Subcategorías' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await within(dialog).findByLabelText('Tacos de Guisado');

    await user.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Selecciona una categoría principal y al menos una categoría de Clover.',
    );
    // A main category alone is not enough either.
    await user.selectOptions(within(dialog).getByLabelText('Categoría principal'), 'Postres');
    await user.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Selecciona una categoría principal');
    expect(posts(calls, '/api/categories/7/subcategories')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Tacos de Guisado'));
    await user.click(within(dialog).getByLabelText('Tacos al Pastor'));
    const first = within(dialog).getByLabelText('Posición de Tacos de Guisado');
    const second = within(dialog).getByLabelText('Posición de Tacos al Pastor');
    expect(first).toHaveAttribute('min', '1');
    expect(first).toHaveValue(1);
    expect(second).toHaveValue(2);
    fireEvent.change(first, { target: { value: '-4' } });
    expect(first).toHaveValue(1);
    fireEvent.change(second, { target: { value: '0' } });
    expect(second).toHaveValue(1);
    fireEvent.change(second, { target: { value: '' } });
    fireEvent.blur(second);
    expect(second).toHaveValue(1);
    fireEvent.change(first, { target: { value: '3' } });

    await user.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    expect(await screen.findByText('Subcategorías asignadas exitosamente.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(calls, '/api/categories/7/subcategories')[0].body).toEqual({
      cliente_id: 3,
      cloverCategoryIds: ['CTAC', 'CPAS'],
      positions: { CTAC: 3, CPAS: 1 },
    });
  });

  it('the picker opened from a card preselects it and shows the Clover load error', async () => {
    routes({ 'GET /api/clover/categories': { status: 500, body: {} } });
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Postres', level: 3 });
    await user.click(within(card('Postres')).getByRole('button', { name: 'Asignar Subcategorías' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Categoría principal')).toHaveValue('7');
    expect(await within(dialog).findByText('Error al cargar categorías de Clover.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('create and assign time out after 10 s with the short message, other calls with the Error: form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const never = () => new Promise<never>(() => undefined);
    routes({
      'POST /api/categories': never,
      'POST /api/clover/sync-all': never,
      'POST /api/categories/5/subcategories': never,
    });
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Nombre de la categoría'), 'Lenta');
    await user.click(screen.getByRole('button', { name: 'Crear Categoría' }));
    expect(screen.getByRole('button', { name: 'Creando...' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.queryByText(/no respondió a tiempo/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(await screen.findByText('El servidor no respondió a tiempo. Intente nuevamente.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sincronizar con Clover' }));
    await act(() => vi.advanceTimersByTimeAsync(10_100));
    expect(await screen.findByText('Error: El servidor no respondió a tiempo. Intente nuevamente.')).toBeInTheDocument();

    await user.click(within(card('Tacos')).getByRole('button', { name: 'Asignar Subcategorías' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByLabelText('Quesadillas'));
    await user.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    await act(() => vi.advanceTimersByTimeAsync(10_100));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^El servidor no respondió a tiempo\. Intente nuevamente\.$/,
    );
  });

  it('uploads a category image: needs a file and a path in the answer', async () => {
    let answer: { status?: number; body?: unknown } = { body: { message: 'x' } };
    const { calls } = routes({ 'POST /api/categorias/7/imagen': () => answer });
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Postres', level: 3 });
    const postresCard = card('Postres');
    expect(within(postresCard).getByText('Sin imagen')).toBeInTheDocument();
    await user.click(within(postresCard).getByRole('button', { name: 'Subir Imagen' }));
    expect(within(postresCard).getByRole('alert')).toHaveTextContent('Selecciona una imagen.');
    expect(posts(calls, '/api/categorias/7/imagen')).toHaveLength(0);

    const file = new File(['png'], 'p.png', { type: 'image/png' });
    await user.upload(within(postresCard).getByLabelText('Imagen de Postres'), file);
    await user.click(within(postresCard).getByRole('button', { name: 'Subir Imagen' }));
    expect(await within(postresCard).findByText('Hubo un error al subir la imagen.')).toBeInTheDocument();

    answer = { body: { path: '/media/new.jpg' } };
    await user.upload(within(postresCard).getByLabelText('Imagen de Postres'), file);
    await user.click(within(postresCard).getByRole('button', { name: 'Subir Imagen' }));
    expect(await within(postresCard).findByText('Imagen subida exitosamente.')).toBeInTheDocument();
    const upload = posts(calls, '/api/categorias/7/imagen')[1];
    expect(queryOf(upload).get('cliente_id')).toBe('3');
    expect((upload.body as FormData).get('image')).toBeInstanceOf(File);
  });

  it('saves the English name of a main category', async () => {
    const { calls } = routes({ 'PUT /api/categories/5': { body: { ...tacos, translations: { en: { name: 'Taco Time' } } } } });
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Tacos', level: 3 });
    const input = within(card('Tacos')).getByLabelText('Nombre en inglés de Tacos');
    await user.clear(input);
    await user.type(input, 'Taco Time');
    await user.click(within(card('Tacos')).getByRole('button', { name: 'Guardar nombre en inglés' }));
    expect(await screen.findByText('Nombre en inglés guardado.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ name_en: 'Taco Time' });
  });

  it('removes a subcategory and reports a failure with its message', async () => {
    let fail = true;
    routes({
      'DELETE /api/categories/5/subcategories/CTAC': () =>
        fail ? { status: 404, body: { error: 'Subcategoría no encontrada.' } } : { body: { message: 'ok' } },
    });
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Tacos', level: 3 });
    const remove = await within(card('Tacos')).findByRole('button', { name: 'Quitar Tacos de Guisado' });
    await user.click(remove);
    expect(await within(card('Tacos')).findByRole('alert')).toHaveTextContent(
      'Error al eliminar subcategoría: Subcategoría no encontrada.',
    );
    fail = false;
    await user.click(within(card('Tacos')).getByRole('button', { name: 'Quitar Tacos de Guisado' }));
    expect(await within(card('Tacos')).findByText('Subcategoría eliminada correctamente.')).toBeInTheDocument();
  });

  it('asks before deleting a category, then deletes it', async () => {
    let list = [tacos, postres];
    const { calls } = routes({
      'GET /api/categories': () => ({ body: { categorias: list } }),
      'DELETE /api/categories/7': () => {
        list = [tacos];
        return { body: { message: 'Categoría eliminada correctamente.' } };
      },
    });
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Postres', level: 3 });
    await user.click(within(card('Postres')).getByRole('button', { name: 'Eliminar Categoría' }));
    expect(within(card('Postres')).getByText(/¿Eliminar la categoría «Postres»\?/)).toBeInTheDocument();
    await user.click(within(card('Postres')).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(card('Postres')).getByRole('button', { name: 'Eliminar Categoría' }));
    await user.click(within(card('Postres')).getByRole('button', { name: 'Sí, eliminar' }));
    expect(await screen.findByText('Categoría eliminada correctamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Postres', level: 3 })).not.toBeInTheDocument());
    expect(queryOf(calls.find((c) => c.method === 'DELETE')!).get('cliente_id')).toBe('3');
    // The deleted category's subcategories are not asked for again (it would be a 404).
    const deletedAt = calls.findIndex((c) => c.method === 'DELETE');
    expect(calls.slice(deletedAt).filter((c) => c.url.startsWith('/api/categories/7/subcategories'))).toEqual([]);
  });

  it('shows the delete error', async () => {
    routes({ 'DELETE /api/categories/7': { status: 500, body: {} } });
    renderApp('/clover-categories?cliente_id=3');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Postres', level: 3 });
    await user.click(within(card('Postres')).getByRole('button', { name: 'Eliminar Categoría' }));
    await user.click(within(card('Postres')).getByRole('button', { name: 'Sí, eliminar' }));
    expect(await within(card('Postres')).findByRole('alert')).toHaveTextContent('Hubo un error al eliminar la categoría.');
  });

  it('uses the session restaurant without a query, and needs one', async () => {
    routes();
    const view = renderApp('/clover-categories');
    expect(await screen.findByRole('heading', { name: 'Tacos', level: 3 })).toBeInTheDocument();
    view.unmount();
    storeSession({ clienteId: null });
    mockFetch({ 'POST /api/auth/validate': { body: { cliente_id: null, is_superadmin: 0 } } });
    renderApp('/clover-categories');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: cliente_id no está disponible.');
  });
});
