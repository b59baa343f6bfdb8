import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { DietaryIconsRow } from './components/DietaryIconsRow';
import { mockFetch, queryOf, renderApp, resetLanguage, storeSession, type MockAnswer } from '../../test/utils';

const pastor = {
  id: 41,
  name: 'Taco al Pastor',
  description: 'Cerdo adobado.',
  price: 2500,
  image_path: '/media/pastor.jpg',
  visible: true,
  alergenos: [],
  etiquetas: ['sin_gluten', 'picante'],
  categorias: ['C2TAP'],
  translations: { en: { name: 'Al Pastor Taco', description: 'Marinated pork.' } },
};
const jamaica = {
  id: 72,
  name: 'Agua de Jamaica',
  description: 'Flor fría.',
  price: 3550,
  image_path: '',
  visible: false,
  alergenos: [],
  etiquetas: [],
  categorias: ['C2AGU'],
  translations: { en: { name: 'Hibiscus Water', description: '' } },
};

function routes(extra: Record<string, MockAnswer> = {}) {
  storeSession({ clienteId: '3' });
  return mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: 3, merchant_id: 'M3', is_superadmin: 0 } },
    'GET /api/productos': { body: { productos: [pastor, jamaica] } },
    'GET /api/configuraciones': { body: { cliente_id: 3, moneda: 'MXN' } },
    'GET /api/clover/categories': {
      body: {
        categorias: [
          { clover_category_id: 'C2TAP', subcategoria_nombre: 'Tacos al Pastor', position: 0 },
          { clover_category_id: 'C2AGU', subcategoria_nombre: 'Aguas Frescas', position: 1 },
        ],
      },
    },
    'GET /api/clientes/3/nombres-pos': { body: posNames },
    ...extra,
  });
}

/** The POS's names of restaurant 3: a group with its modifiers, and a tax the owner named in Spanish. */
const posNames = {
  grupos: [
    {
      id: 'TORT',
      name: 'Tortilla',
      translations: {},
      modificadores: [
        { id: 'TORT-1', name: 'Maíz', translations: { en: { name: 'Corn' } } },
        { id: 'TORT-2', name: 'Harina', translations: {} },
      ],
    },
  ],
  impuestos: [{ id: 'TAX', name: 'Sales Tax 8.25%', rate: 825000, translations: { es: { name: 'Impuesto sobre ventas 8.25%' } } }],
};

const card = (name: string) => screen.getByRole('article', { name });

/** Finds a product's row and opens its editor. */
async function openRow(name: string) {
  const row = await screen.findByRole('article', { name });
  await userEvent.setup().click(within(row).getByRole('button', { name: `Editar ${name}` }));
  return row;
}

describe('product management', () => {
  beforeEach(resetLanguage);

  it('lists every product with price, image and visibility, and searches both languages', async () => {
    const { calls } = routes();
    renderApp('/clover-products?cliente_id=3');
    expect(await screen.findByRole('heading', { name: 'Gestión de Productos', level: 1 })).toBeInTheDocument();
    const p = await screen.findByRole('article', { name: 'Taco al Pastor' });
    expect(within(p).getByRole('img', { name: 'Taco al Pastor' })).toHaveAttribute('src', '/media/pastor.jpg');
    expect(await within(p).findByText('$25.00')).toBeInTheDocument();
    expect(within(p).getByTestId('visibility-badge')).toHaveTextContent('Visible');
    expect(within(p).getByRole('button', { name: 'Editar Taco al Pastor' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(p).getByRole('list', { name: 'Alérgenos e información dietética' })).toBeInTheDocument();
    expect(within(p).getByRole('img', { name: 'Sin gluten' })).toBeInTheDocument();
    expect(within(card('Agua de Jamaica')).getByTestId('visibility-badge')).toHaveTextContent('Oculto');
    // Grouped by POS category, in the POS's order.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Tacos al Pastor (1)', 'Aguas Frescas (1)']);
    const list = calls.find((c) => c.url.startsWith('/api/productos'))!;
    expect(queryOf(list).get('cliente_id')).toBe('3');
    expect(queryOf(list).get('idioma')).toBe('es');
    expect(list.headers.Authorization).toBe('Bearer tok-1');

    const user = userEvent.setup();
    const search = screen.getByLabelText('Buscar productos');
    await user.type(search, 'hibiscus');
    expect(screen.queryByRole('article', { name: 'Taco al Pastor' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Agua de Jamaica' })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'PASTÓR');
    expect(screen.getByRole('article', { name: 'Taco al Pastor' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Agua de Jamaica' })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('Ningún producto coincide con la búsqueda.')).toBeInTheDocument();
  });

  it('shows the load error', async () => {
    routes({ 'GET /api/productos': { status: 500, body: {} } });
    renderApp('/clover-products?cliente_id=3');
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Error al actualizar productos.');
  }, 15_000);

  it('refuses an empty description and saves a new one', async () => {
    const { calls } = routes({ 'PUT /api/productos/41/descripcion': { body: { message: 'ok', description: 'Con piña.' } } });
    renderApp('/clover-products?cliente_id=3');
    const user = userEvent.setup();
    const p = await openRow('Taco al Pastor');
    const textarea = within(p).getByLabelText('Descripción');
    expect(textarea).toHaveValue('Cerdo adobado.');
    await user.clear(textarea);
    await user.type(textarea, '   ');
    await user.click(within(p).getByRole('button', { name: 'Guardar descripción' }));
    expect(within(p).getByRole('alert')).toHaveTextContent('La descripción no puede estar vacía.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(textarea);
    await user.type(textarea, '  Con piña.  ');
    await user.click(within(p).getByRole('button', { name: 'Guardar descripción' }));
    expect(await within(p).findByText('Descripción actualizada correctamente.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ cliente_id: 3, description: 'Con piña.' });
  });

  it('saves the English name and description', async () => {
    const { calls } = routes({ 'PUT /api/productos/41/traduccion': { body: { message: 'Traducción guardada.' } } });
    renderApp('/clover-products?cliente_id=3');
    const user = userEvent.setup();
    const p = await openRow('Taco al Pastor');
    const name = within(p).getByLabelText('Nombre en inglés');
    expect(name).toHaveValue('Al Pastor Taco');
    await user.clear(name);
    await user.type(name, 'Shepherd Taco');
    await user.click(within(p).getByRole('button', { name: 'Guardar traducción' }));
    expect(await within(p).findByText('Traducción guardada.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      cliente_id: 3,
      idioma: 'en',
      name: 'Shepherd Taco',
      description: 'Marinated pork.',
    });
  });

  it('toggles visibility through the API and shows the new state', async () => {
    const { calls } = routes({
      'PUT /api/clover/products/41/visibility': (call) => ({ body: { id: 41, visible: (call.body as { visible: boolean }).visible } }),
      'PUT /api/clover/products/72/visibility': { status: 500, body: {} },
    });
    renderApp('/clover-products?cliente_id=3');
    const user = userEvent.setup();
    const p = await openRow('Taco al Pastor');
    await user.click(within(p).getByRole('button', { name: 'Ocultar' }));
    expect(await within(p).findByRole('button', { name: 'Mostrar' })).toBeInTheDocument();
    expect(within(p).getByTestId('visibility-badge')).toHaveTextContent('Oculto');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ visible: false, cliente_id: 3 });
    await user.click(within(p).getByRole('button', { name: 'Mostrar' }));
    expect(await within(p).findByRole('button', { name: 'Ocultar' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')[1].body).toEqual({ visible: true, cliente_id: 3 });

    const j = await openRow('Agua de Jamaica');
    await user.click(within(j).getByRole('button', { name: 'Mostrar' }));
    expect(await within(j).findByRole('alert')).toHaveTextContent('Error al cambiar visibilidad.');
    expect(within(j).getByTestId('visibility-badge')).toHaveTextContent('Oculto');
  });

  it("'Agotado hoy' takes a product off today's online menu and back", async () => {
    const { calls } = routes({
      'PUT /api/clover/products/41/agotado': (call) => ({ body: { id: 41, agotado: (call.body as { agotado: boolean }).agotado } }),
    });
    renderApp('/clover-products?cliente_id=3');
    const p = await openRow('Taco al Pastor');
    const toggle = within(p).getByRole('checkbox', { name: 'Agotado hoy: Taco al Pastor' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('No se puede pedir en línea hasta la medianoche del restaurante.');
    const user = userEvent.setup();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(within(p).getByTestId('sold-out-badge')).toHaveTextContent('Agotado hoy');
    expect(calls.find((c) => c.method === 'PUT' && c.url === '/api/clover/products/41/agotado')?.body).toEqual({ cliente_id: 3, agotado: true });
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(within(p).queryByTestId('sold-out-badge')).not.toBeInTheDocument();
  });

  it("shows why 'Agotado hoy' could not change", async () => {
    routes({ 'PUT /api/clover/products/41/agotado': { status: 404, body: { error: 'Producto no encontrado.' } } });
    renderApp('/clover-products?cliente_id=3');
    const p = await openRow('Taco al Pastor');
    await userEvent.setup().click(within(p).getByRole('checkbox', { name: 'Agotado hoy: Taco al Pastor' }));
    expect(await within(p).findByRole('alert')).toHaveTextContent('Producto no encontrado.');
    expect(within(p).getByRole('checkbox', { name: 'Agotado hoy: Taco al Pastor' })).not.toBeChecked();
  });

  it('hides the selected products in one call, and filters by category', async () => {
    const { calls } = routes({
      'PUT /api/clover/products/visibility': (call) => ({ body: call.body as object }),
    });
    renderApp('/clover-products?cliente_id=3');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Taco al Pastor' });
    const bulk = screen.getByRole('group', { name: 'Acciones con los seleccionados' });
    expect(within(bulk).getByRole('button', { name: 'Ocultar' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todos los de Tacos al Pastor' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Agua de Jamaica' }));
    expect(within(bulk).getByText('2 seleccionados')).toBeInTheDocument();
    await user.click(within(bulk).getByRole('button', { name: 'Ocultar' }));
    expect(await screen.findByText('2 productos ocultos.')).toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0].body).toEqual({ cliente_id: 3, ids: [41, 72], visible: false });
    expect(within(card('Taco al Pastor')).getByTestId('visibility-badge')).toHaveTextContent('Oculto');
    expect(screen.getByRole('checkbox', { name: 'Seleccionar Taco al Pastor' })).not.toBeChecked();

    await user.selectOptions(screen.getByLabelText('Categoría'), 'Aguas Frescas');
    expect(screen.queryByRole('article', { name: 'Taco al Pastor' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Agua de Jamaica' })).toBeInTheDocument();
  });

  it('saves the allergens and dietary tags, and shows the server refusal', async () => {
    let n = 0;
    const { calls } = routes({
      'PUT /api/productos/72/alergenos': () =>
        n++ === 0
          ? { status: 400, body: { error: 'Un producto con alérgenos de origen animal no puede ser vegano.' } }
          : { body: { id: 72, alergenos: ['sulfitos'], etiquetas: ['vegano'], message: 'Alérgenos guardados.' } },
    });
    renderApp('/clover-products?cliente_id=3');
    const user = userEvent.setup();
    const j = await openRow('Agua de Jamaica');
    const editor = within(j).getByTestId('dietary-editor');
    await user.click(within(editor).getByRole('checkbox', { name: 'Leche' }));
    await user.click(within(editor).getByRole('checkbox', { name: 'Vegano' }));
    await user.click(within(editor).getByRole('button', { name: 'Guardar alérgenos' }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent('no puede ser vegano');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ cliente_id: 3, alergenos: ['leche'], etiquetas: ['vegano'] });
    await user.click(within(editor).getByRole('checkbox', { name: 'Leche' }));
    await user.click(within(editor).getByRole('checkbox', { name: 'Dióxido de azufre y sulfitos' }));
    await user.click(within(editor).getByRole('button', { name: 'Guardar alérgenos' }));
    expect(await within(editor).findByText('Alérgenos guardados.')).toBeInTheDocument();
    expect(within(j).getByRole('img', { name: 'Contiene: Dióxido de azufre y sulfitos' })).toBeInTheDocument();
    expect(within(j).getByRole('img', { name: 'Vegano' })).toBeInTheDocument();
  });

  it('needs a cliente_id', async () => {
    storeSession({ clienteId: null });
    mockFetch({ 'POST /api/auth/validate': { body: { cliente_id: null, is_superadmin: 0 } } });
    renderApp('/clover-products');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: cliente_id no está disponible.');
  });
});

describe("the POS's modifier and tax names", () => {
  beforeEach(resetLanguage);

  it('shows them with the POS name as the default and saves only what changed, in one call', async () => {
    const saved = {
      ...posNames,
      grupos: [
        {
          ...posNames.grupos[0],
          translations: { en: { name: 'Tortilla' } },
          modificadores: [
            { id: 'TORT-1', name: 'Maíz', translations: {} },
            { id: 'TORT-2', name: 'Harina', translations: { en: { name: 'Flour' } } },
          ],
        },
      ],
    };
    const { calls } = routes({ 'PUT /api/clientes/3/nombres-pos': { body: saved } });
    const user = userEvent.setup();
    renderApp('/clover-products?cliente_id=3');
    const section = await screen.findByTestId('pos-names');
    await user.click(within(section).getByText('Modificadores e impuestos en español e inglés'));
    const form = await within(section).findByRole('form', { name: 'Tortilla' });
    const corn = within(form).getByRole('textbox', { name: 'Nombre en inglés de Maíz' });
    expect(corn).toHaveValue('Corn');
    const flour = within(form).getByRole('textbox', { name: 'Nombre en inglés de Harina' });
    expect(flour).toHaveValue('');
    expect(flour).toHaveAttribute('placeholder', 'Harina');
    const taxes = within(section).getByRole('form', { name: 'Impuestos' });
    expect(within(taxes).getByRole('textbox', { name: 'Nombre en español de Sales Tax 8.25%' })).toHaveValue('Impuesto sobre ventas 8.25%');

    await user.type(flour, 'Flour');
    await user.clear(corn);
    await user.type(within(form).getByRole('textbox', { name: 'Nombre en inglés de Tortilla' }), 'Tortilla');
    await user.click(within(form).getByRole('button', { name: 'Guardar nombres' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Nombres guardados.');
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0].url).toBe('/api/clientes/3/nombres-pos');
    expect(put[0].body).toEqual({
      nombres: [
        { entidad: 'modificador_grupo', id: 'TORT', idioma: 'en', name: 'Tortilla' },
        { entidad: 'modificador', id: 'TORT-1', idioma: 'en', name: '' },
        { entidad: 'modificador', id: 'TORT-2', idioma: 'en', name: 'Flour' },
      ],
    });
    // The form shows what the server saved.
    expect(within(form).getByRole('textbox', { name: 'Nombre en inglés de Harina' })).toHaveValue('Flour');
    expect(within(form).getByRole('textbox', { name: 'Nombre en inglés de Maíz' })).toHaveValue('');
  });

  it("shows the server's refusal in the form", async () => {
    routes({
      'PUT /api/clientes/3/nombres-pos': {
        status: 400,
        body: { error: 'Uno de los nombres ya no está en el punto de venta. Sincroniza e inténtalo de nuevo.' },
      },
    });
    const user = userEvent.setup();
    renderApp('/clover-products?cliente_id=3');
    const section = await screen.findByTestId('pos-names');
    await user.click(within(section).getByText('Modificadores e impuestos en español e inglés'));
    const form = await within(section).findByRole('form', { name: 'Tortilla' });
    await user.type(within(form).getByRole('textbox', { name: 'Nombre en español de Harina' }), 'Harina de trigo');
    await user.click(within(form).getByRole('button', { name: 'Guardar nombres' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Uno de los nombres ya no está en el punto de venta.');
  });

  it('is in English for an English owner', async () => {
    await i18next.changeLanguage('en');
    routes();
    renderApp('/clover-products?cliente_id=3');
    const section = await screen.findByTestId('pos-names');
    expect(within(section).getByText('Modifiers and taxes in Spanish and English')).toBeInTheDocument();
    expect(await within(section).findByRole('textbox', { name: 'English name of Maíz' })).toHaveValue('Corn');
  });
});

describe('product image crop dialog', () => {
  beforeEach(resetLanguage);

  async function openCropper(extra: Record<string, MockAnswer> = {}) {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:crop-1'), revokeObjectURL: vi.fn() }));
    const fetchMock = routes(extra);
    renderApp('/clover-products?cliente_id=3');
    const user = userEvent.setup();
    const p = await openRow('Taco al Pastor');
    expect(within(p).getByRole('button', { name: 'Cambiar imagen' })).toBeInTheDocument();
    await user.upload(within(p).getByTestId('product-image-input'), new File(['img'], 'foto.png', { type: 'image/png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajustar Imagen' });
    const img = within(dialog).getByTestId('crop-image') as HTMLImageElement;
    expect(img).toHaveAttribute('src', 'blob:crop-1');
    expect(within(dialog).getByRole('button', { name: 'Guardar Recorte' })).toBeDisabled();
    Object.defineProperty(img, 'naturalWidth', { value: 1200, configurable: true });
    Object.defineProperty(img, 'naturalHeight', { value: 600, configurable: true });
    fireEvent.load(img);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Guardar Recorte' })).toBeEnabled());
    return { ...fetchMock, user, dialog, img, card: p };
  }

  it('keeps the zoom between 1 and 3', async () => {
    const { dialog, img } = await openCropper();
    const zoom = within(dialog).getByLabelText('Zoom');
    expect(zoom).toHaveAttribute('min', '1');
    expect(zoom).toHaveAttribute('max', '3');
    expect(zoom).toHaveValue('1');
    // A 2:1 image covers the square window: twice as wide, centred.
    expect(img.style.width).toBe('200%');
    expect(img.style.height).toBe('100%');
    expect(img.style.left).toBe('-50%');

    fireEvent.change(zoom, { target: { value: '5' } });
    expect(within(dialog).getByTestId('crop-zoom-value')).toHaveTextContent('3.00×');
    expect(img.style.height).toBe('300%');
    fireEvent.change(zoom, { target: { value: '0.2' } });
    expect(within(dialog).getByTestId('crop-zoom-value')).toHaveTextContent('1.00×');
    expect(img.style.height).toBe('100%');

    // Keyboard zoom and pan stay within the limits too.
    const area = within(dialog).getByTestId('crop-area');
    for (let i = 0; i < 30; i++) fireEvent.keyDown(area, { key: '+' });
    expect(within(dialog).getByTestId('crop-zoom-value')).toHaveTextContent('3.00×');
    for (let i = 0; i < 200; i++) fireEvent.keyDown(area, { key: 'ArrowLeft' });
    expect(img.style.left).toBe('0%');
    for (let i = 0; i < 40; i++) fireEvent.keyDown(area, { key: '-' });
    expect(within(dialog).getByTestId('crop-zoom-value')).toHaveTextContent('1.00×');
  });

  it("'Guardar Recorte' uploads a square JPEG made on a canvas", async () => {
    const drawImage = vi.fn();
    const ctx = { drawImage, fillRect: vi.fn(), fillStyle: '', imageSmoothingEnabled: false, imageSmoothingQuality: 'low' };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation(function (this: HTMLCanvasElement, cb: BlobCallback, type?: string) {
        cb(new Blob([`jpeg ${this.width}x${this.height}`], { type }));
      });
    const { user, dialog, calls, card: p } = await openCropper({
      'POST /api/clover/products/41/image': { body: { url: '/media/cropped.jpg', message: 'ok' } },
    });
    fireEvent.change(within(dialog).getByLabelText('Zoom'), { target: { value: '2' } });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Recorte' }));

    expect(await within(p).findByText('Imagen subida correctamente.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.9);
    // Zoom 2 on a 1200×600 image: a 300×300 square from the centre, drawn at 800×800.
    expect(drawImage).toHaveBeenCalledWith(expect.any(HTMLImageElement), 450, 150, 300, 300, 0, 0, 800, 800);
    const upload = calls.find((c) => c.method === 'POST' && c.url === '/api/clover/products/41/image')!;
    const form = upload.body as FormData;
    const image = form.get('image') as File;
    expect(image.type).toBe('image/jpeg');
    expect(image.name).toBe('recorte.jpg');
    expect(await image.text()).toBe('jpeg 800x800');
    expect(form.get('cliente_id')).toBe('3');
    expect(within(p).getByRole('img', { name: 'Taco al Pastor' })).toHaveAttribute('src', '/media/cropped.jpg');
  });

  it('shows the upload error, and Cancelar closes without uploading', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: vi.fn(),
      fillRect: vi.fn(),
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb: BlobCallback, type?: string) =>
      cb(new Blob(['x'], { type })),
    );
    const { user, dialog, calls, card: p } = await openCropper({
      'POST /api/clover/products/41/image': { status: 400, body: { error: 'Formato no soportado.' } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.includes('/image'))).toBe(false);

    await user.upload(within(p).getByTestId('product-image-input'), new File(['img'], 'foto.png', { type: 'image/png' }));
    const again = await screen.findByRole('dialog', { name: 'Ajustar Imagen' });
    const img = within(again).getByTestId('crop-image');
    Object.defineProperty(img, 'naturalWidth', { value: 500 });
    Object.defineProperty(img, 'naturalHeight', { value: 500 });
    fireEvent.load(img);
    await user.click(within(again).getByRole('button', { name: 'Guardar Recorte' }));
    expect(await within(p).findByRole('alert')).toHaveTextContent('Error al subir imagen.');
    expect(within(p).getByRole('img', { name: 'Taco al Pastor' })).toHaveAttribute('src', '/media/pastor.jpg');
  });
});

describe("a product row's allergens", () => {
  beforeEach(resetLanguage);

  it('are pictograms with their text alternatives, tags first, allergens in the regulation order, in both languages', async () => {
    const product = { alergenos: ['leche', 'gluten'], etiquetas: ['picante'] };
    const { rerender } = render(<DietaryIconsRow product={product} />);
    const list = screen.getByRole('list', { name: 'Alérgenos e información dietética' });
    expect(within(list).getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual([
      'Picante',
      'Contiene: Cereales con gluten',
      'Contiene: Leche',
    ]);
    expect(list.querySelector('title')).toHaveTextContent('Picante');
    await i18next.changeLanguage('en');
    rerender(<DietaryIconsRow product={product} />);
    expect(screen.getByRole('list', { name: 'Allergens and dietary information' })).toBeInTheDocument();
    expect(screen.getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual([
      'Spicy',
      'Contains: Cereals containing gluten',
      'Contains: Milk',
    ]);
  });
});
