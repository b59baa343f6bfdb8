import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockFetch, renderApp, resetLanguage, type FetchCall, type MockAnswer } from '../../test/utils';
import { setDinerSession } from '../../lib/diner-session';
import { browser } from './lib/browser';
import { cartKey, pendingKey, readCart, type CartLine } from './lib/cart';
import { bravas, chuleton, onlineMenu, onlineMenuEn, openNow, order, quote } from './test-data';

const settings = { body: { nombre_restaurante: 'La Cava', moneda: 'USD', logo: '', backgroundImage: '' } };

/** Answers of a restaurant that takes orders now, plus the test's own. */
function api(extra: Record<string, MockAnswer> = {}) {
  return mockFetch({
    'GET /api/configuraciones': settings,
    'GET /api/orders/clover_products_online': { body: onlineMenu },
    'GET /api/orders/config': { body: openNow },
    'POST /api/orders/quote': { body: quote },
    'GET /api/popups': { body: [] },
    // The live stream stays open and silent.
    'GET /api/pedidos/5/eventos': () => new Promise<never>(() => {}),
    ...extra,
  });
}

const chuletonLine: CartLine = {
  product_id: 11,
  name: 'Chuletón de Res',
  unit_price: 4500,
  quantity: 1,
  modifiers: [
    { id: 'PUNTO-2', name: 'Al punto', price: 0, group_id: 'PUNTO' },
    { id: 'GUAR-1', name: 'Patatas fritas', price: 300, group_id: 'GUAR' },
  ],
};

function storeCart(lines: CartLine[], clienteId = '1') {
  window.localStorage.setItem(cartKey(clienteId), JSON.stringify(lines));
}

const posts = (calls: FetchCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.url.startsWith(path));

describe("'Ordena en Línea' and the Personalizar dialog", () => {
  beforeEach(resetLanguage);

  it('sends a visit without a restaurant id to /seleccionar-cliente', async () => {
    mockFetch({ 'GET /api/restaurantes': { body: [] } });
    renderApp('/ordenar-en-linea');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/seleccionar-cliente'));
  });

  it('shows the category tabs and the products of the chosen one, with prices from cents', async () => {
    api();
    renderApp('/ordenar-en-linea/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordena en Línea' })).toBeInTheDocument();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Tapas Calientes', 'Carnes']);
    expect(screen.getByRole('heading', { name: 'Patatas Bravas' })).toBeInTheDocument();
    expect(screen.getByText('$8.00')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Carnes' }));
    expect(screen.getByRole('tab', { name: 'Carnes' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Chuletón de Res' })).toBeInTheDocument();
    expect(screen.getByText('$42.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Carrito de Compras: 0 productos/ })).toHaveAttribute('href', '/carrito/1');
  });

  it('reads the menu, the settings and the availability once each, shared with the shell, and the availability again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = api();
      renderApp('/ordenar-en-linea/1');
      expect(await screen.findByRole('heading', { name: 'Patatas Bravas' })).toBeInTheDocument();
      // The navigation's 'Ordena en Línea' entry comes from the same availability answer.
      expect(await screen.findByRole('link', { name: 'Ordena en Línea' })).toBeInTheDocument();
      const gets = (path: string) => calls.filter((c) => c.method === 'GET' && c.url.startsWith(path)).length;
      expect(gets('/api/orders/clover_products_online')).toBe(1);
      expect(gets('/api/configuraciones')).toBe(1);
      expect(gets('/api/orders/config')).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(gets('/api/orders/config')).toBe(2);
      expect(gets('/api/orders/clover_products_online')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says when the menu cannot be read and reads it again on 'Reintentar'", async () => {
    let fail = true;
    api({
      'GET /api/orders/clover_products_online': () => (fail ? { status: 404, body: { error: 'no' } } : { body: onlineMenu }),
    });
    renderApp('/ordenar-en-linea/1');
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('heading', { name: 'Patatas Bravas' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });

  it("writes the allergens as words on the product cards and in the 'Personalizar' dialog, in the diner's language", async () => {
    const menu = {
      ...onlineMenu,
      categorias: onlineMenu.categorias.map((c) => ({
        ...c,
        productos: c.productos.map((p) => (p.id === chuleton.id ? { ...p, alergenos: ['leche', 'mostaza'] as typeof p.alergenos } : p)),
      })),
    };
    api({ 'GET /api/orders/clover_products_online': { body: menu } });
    const user = userEvent.setup();
    renderApp('/ordenar-en-linea/1');
    const bravasCard = (await screen.findByRole('heading', { name: 'Patatas Bravas' })).closest('article')!;
    expect(within(bravasCard).getByRole('list', { name: 'Contiene:' })).toHaveTextContent('Huevos');
    expect(within(bravasCard).getByRole('list', { name: 'Información dietética' })).toHaveTextContent('VegetarianoPicante');
    await user.click(screen.getByRole('tab', { name: 'Carnes' }));
    await user.click(screen.getByRole('button', { name: 'Personalizar: Chuletón de Res' }));
    const dialog = screen.getByRole('dialog', { name: 'Personalizar: Chuletón de Res' });
    const allergens = within(dialog).getByRole('list', { name: 'Contiene:' });
    expect(within(allergens).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Leche', 'Mostaza']);
    await user.keyboard('{Escape}');
    await i18next.changeLanguage('en');
    const steak = (await screen.findByRole('heading', { name: 'Chuletón de Res' })).closest('article')!;
    expect(within(steak).getByRole('list', { name: 'Contains:' })).toHaveTextContent('MilkMustard');
    expect(within(steak).getByRole('list', { name: 'Dietary information' })).toHaveTextContent('Gluten-free');
  });

  it('enforces the required group, never lets a group exceed its maximum, and shows the running price', async () => {
    api();
    const user = userEvent.setup();
    renderApp('/ordenar-en-linea/1');
    await user.click(await screen.findByRole('tab', { name: 'Carnes' }));
    await user.click(screen.getByRole('button', { name: 'Personalizar: Chuletón de Res' }));
    const dialog = screen.getByRole('dialog', { name: 'Personalizar: Chuletón de Res' });
    const d = within(dialog);
    // Each group says its rule.
    const punto = d.getByRole('group', { name: /Punto de cocción/ });
    const guar = d.getByRole('group', { name: /Guarnición/ });
    expect(within(punto).getByText('Elige 1')).toBeInTheDocument();
    expect(within(punto).getByText('Obligatorio')).toBeInTheDocument();
    expect(within(guar).getByText(/Elige hasta 2/)).toBeInTheDocument();
    expect(within(guar).getByText('Opcional')).toBeInTheDocument();
    // The focus is inside the dialog.
    expect(dialog.contains(document.activeElement)).toBe(true);

    const add = d.getByRole('button', { name: /^Agregar ·/ });
    expect(add).toBeDisabled();
    expect(d.getByText('Falta elegir: Punto de cocción')).toBeInTheDocument();
    expect(d.getByTestId('line-price')).toHaveTextContent('$42.00');

    await user.click(d.getByRole('radio', { name: 'Al punto' }));
    expect(add).toBeEnabled();
    expect(d.queryByText(/Falta elegir/)).not.toBeInTheDocument();

    // Optional group of at most 2: the third choice is refused.
    await user.click(d.getByRole('checkbox', { name: /Patatas fritas/ }));
    await user.click(d.getByRole('checkbox', { name: /Ensalada verde/ }));
    expect(d.getByRole('checkbox', { name: /Pimientos asados/ })).toBeDisabled();
    expect(within(guar).getByText(/2 de 2/)).toBeInTheDocument();
    expect(d.getByTestId('line-price')).toHaveTextContent('$47.50');
    // Dropping one frees a place again.
    await user.click(d.getByRole('checkbox', { name: /Ensalada verde/ }));
    await user.click(d.getByRole('checkbox', { name: /Pimientos asados/ }));
    expect(d.getByTestId('line-price')).toHaveTextContent('$48.50');

    // A single required choice swaps.
    await user.click(d.getByRole('radio', { name: 'Bien hecho' }));
    expect(d.getByRole('radio', { name: 'Al punto' })).not.toBeChecked();

    await user.click(d.getByRole('button', { name: 'Agregar uno de Chuletón de Res' }));
    expect(d.getByTestId('line-price')).toHaveTextContent('$97.00');

    await user.click(add);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Carrito de Compras: 2 productos/ })).toBeInTheDocument();
    expect(readCart('1')).toEqual([
      {
        product_id: 11,
        name: 'Chuletón de Res',
        unit_price: 4850,
        quantity: 2,
        modifiers: [
          { id: 'PUNTO-3', name: 'Bien hecho', price: 0, group_id: 'PUNTO' },
          { id: 'GUAR-1', name: 'Patatas fritas', price: 300, group_id: 'GUAR' },
          { id: 'GUAR-3', name: 'Pimientos asados', price: 350, group_id: 'GUAR' },
        ],
      },
    ]);
  });

  it('adds a product without modifiers at once; the same choice again adds to its line', async () => {
    api();
    const user = userEvent.setup();
    renderApp('/ordenar-en-linea/1');
    const button = await screen.findByRole('button', { name: 'Agregar: Patatas Bravas' });
    await user.click(button);
    await user.click(button);
    expect(screen.getByText('Agregado al carrito: Patatas Bravas')).toBeInTheDocument();
    expect(readCart('1')).toEqual([{ product_id: 6, name: 'Patatas Bravas', unit_price: 800, quantity: 2, modifiers: [] }]);
    expect(screen.getByRole('link', { name: 'Ver carrito (2) · $16.00' })).toHaveAttribute('href', '/carrito/1');
  });

  it('counts the cart with a plural: 1 producto / 2 productos, 1 item / 2 items', async () => {
    storeCart([{ product_id: 6, name: 'Patatas Bravas', unit_price: 800, quantity: 1, modifiers: [] }]);
    api();
    const view = renderApp('/ordenar-en-linea/1');
    expect(await screen.findByRole('link', { name: 'Carrito de Compras: 1 producto' })).toBeInTheDocument();
    view.unmount();
    await i18next.changeLanguage('en');
    storeCart([{ product_id: 6, name: 'Patatas Bravas', unit_price: 800, quantity: 2, modifiers: [] }]);
    const again = renderApp('/ordenar-en-linea/1');
    expect(await screen.findByRole('link', { name: 'Shopping Cart: 2 items' })).toBeInTheDocument();
    again.unmount();
    storeCart([{ product_id: 6, name: 'Patatas Bravas', unit_price: 800, quantity: 1, modifiers: [] }]);
    renderApp('/ordenar-en-linea/1');
    expect(await screen.findByRole('link', { name: 'Shopping Cart: 1 item' })).toBeInTheDocument();
  });

  it('shows a paused restaurant clearly and takes no order', async () => {
    api({
      'GET /api/orders/config': {
        body: { ...openNow, abierto: false, pausado: true, lo_antes_posible: null, franjas: [], motivo: 'pausado' },
      },
    });
    renderApp('/ordenar-en-linea/1');
    expect(await screen.findByTestId('availability-notice')).toHaveTextContent(
      'No se aceptan pedidos ahora. El restaurante pausó los pedidos en línea por un momento. Inténtalo más tarde.',
    );
    expect(screen.getByRole('button', { name: 'Agregar: Patatas Bravas' })).toBeDisabled();
  });
});

describe("'Carrito de Compras'", () => {
  beforeEach(resetLanguage);

  it('says the cart is empty', async () => {
    api();
    renderApp('/carrito/1');
    expect(await screen.findByText('El carrito está vacío.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Seguir Comprando' })).toHaveAttribute('href', '/ordenar-en-linea/1');
  });

  it('keeps the cart across a reload, flags lines the menu lost, and shows the server quote of the valid ones', async () => {
    storeCart([
      chuletonLine,
      { product_id: 999, name: 'Producto retirado', unit_price: 100, quantity: 1, modifiers: [] },
      { ...chuletonLine, modifiers: [{ id: 'PUNTO-9', name: 'Azul', price: 0, group_id: 'PUNTO' }] },
    ]);
    const { calls } = api();
    const view = renderApp('/carrito/1');
    expect(await screen.findByTestId('quote-total')).toHaveTextContent('$48.71');
    expect(screen.getByTestId('quote-subtotal')).toHaveTextContent('$45.00');
    expect(screen.getByText('Sales Tax 8.25%')).toBeInTheDocument();
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toHaveTextContent('Punto de cocción: Al punto');
    expect(lines[0]).toHaveTextContent('Guarnición: Patatas fritas (+$3.00)');
    expect(within(lines[0]).getByTestId('line-subtotal')).toHaveTextContent('$45.00');
    expect(lines[1]).toHaveTextContent('Este producto ya no está disponible');
    expect(lines[2]).toHaveTextContent('Una de las opciones elegidas ya no está disponible');
    // Only the valid line is sent, as ids and quantities.
    expect(posts(calls, '/api/orders/quote').at(-1)!.body).toEqual({
      cliente_id: 1,
      items: [{ product_id: 11, quantity: 1, modifier_ids: ['PUNTO-2', 'GUAR-1'] }],
    });
    expect(screen.getByRole('link', { name: 'Ir a Pagar' })).toHaveAttribute('href', '/checkout/1');

    // A reload (a new page on the same storage) finds the same cart.
    view.unmount();
    renderApp('/carrito/1');
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(3);
  });

  it('names the modifiers in the language the menu is read in now, not the one they were added in', async () => {
    storeCart([chuletonLine]);
    await i18next.changeLanguage('en');
    api({ 'GET /api/orders/clover_products_online': { body: onlineMenuEn } });
    renderApp('/carrito/1');
    const line = await screen.findByTestId('cart-line');
    await waitFor(() => expect(line).toHaveTextContent('Doneness: Medium'));
    expect(line).toHaveTextContent('Sides: French fries (+$3.00)');
    expect(line).not.toHaveTextContent('Al punto');
  });

  it('changes quantities and removes by position, asking the server for a new quote', async () => {
    storeCart([chuletonLine, { product_id: 6, name: 'Patatas Bravas', unit_price: 800, quantity: 1, modifiers: [] }]);
    const { calls } = api();
    const user = userEvent.setup();
    renderApp('/carrito/1');
    await screen.findByTestId('quote-total');
    await user.click(screen.getByRole('button', { name: 'Agregar uno de Patatas Bravas' }));
    await waitFor(() =>
      expect(posts(calls, '/api/orders/quote').at(-1)!.body).toMatchObject({
        items: [{ product_id: 11, quantity: 1 }, { product_id: 6, quantity: 2 }],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Eliminar Chuletón de Res del carrito' }));
    expect(readCart('1')).toEqual([{ product_id: 6, name: 'Patatas Bravas', unit_price: 800, quantity: 2, modifiers: [] }]);
    await waitFor(() =>
      expect(posts(calls, '/api/orders/quote').at(-1)!.body).toMatchObject({ items: [{ product_id: 6, quantity: 2 }] }),
    );
  });

  it('says so when no line of the cart can be ordered', async () => {
    storeCart([{ product_id: 999, name: 'Producto retirado', unit_price: 100, quantity: 1, modifiers: [] }]);
    const { calls } = api();
    renderApp('/carrito/1');
    expect(await screen.findByText('Error: No hay productos válidos en el carrito.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir a Pagar' })).toBeDisabled();
    expect(posts(calls, '/api/orders/quote')).toHaveLength(0);
  });

  it('ignores stored junk instead of breaking', async () => {
    window.localStorage.setItem(cartKey('1'), '{not json');
    api();
    renderApp('/carrito/1');
    expect(await screen.findByText('El carrito está vacío.')).toBeInTheDocument();
  });
});

describe("'Finalizar Pedido'", () => {
  beforeEach(async () => {
    await resetLanguage();
    storeCart([chuletonLine]);
  });
  afterEach(() => vi.restoreAllMocks());

  const placed = { pedido_id: 5, token: 'tok-5', checkout_url: '/demo/checkout/demo_cs_5', total: 4871, moneda: 'USD', recoger_at: 0 };

  async function fillAndPay(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText('Nombre'), 'Ana Pérez');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Pagar con Clover' }));
  }

  it('shows the spec error without a restaurant id', async () => {
    mockFetch({});
    renderApp('/checkout/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: No se encontró el cliente_id.');
  });

  it('says the cart is empty', async () => {
    window.localStorage.clear();
    api();
    renderApp('/checkout/1');
    expect(await screen.findByRole('alert')).toHaveTextContent('El carrito está vacío.');
  });

  it('up to 768 px places the order and goes to the checkout in the same window; the cart stays until paid', async () => {
    const { calls } = api({ 'POST /api/orders': { status: 201, body: placed } });
    vi.spyOn(browser, 'width').mockReturnValue(768);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const open = vi.spyOn(browser, 'open');
    const user = userEvent.setup();
    renderApp('/checkout/1');
    expect(await screen.findByTestId('quote-total')).toHaveTextContent('$48.71');
    // The time is chosen as an hour, then its minutes: the hour after 'Lo antes posible', then the slot.
    const hour = screen.getByLabelText<HTMLSelectElement>('Hora de recogida');
    await user.selectOptions(hour, hour.options[1].value);
    await user.selectOptions(screen.getByLabelText('Minutos'), String(openNow.franjas[1].at));
    await user.type(screen.getByLabelText('Nota para el restaurante (opcional)'), 'Sin sal');
    await fillAndPay(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/demo/checkout/demo_cs_5'));
    expect(open).not.toHaveBeenCalled();
    const body = posts(calls, '/api/orders').find((c) => c.url === '/api/orders')!.body;
    expect(body).toEqual({
      cliente_id: 1,
      order_type: 'pickup',
      items: [{ product_id: 11, quantity: 1, modifier_ids: ['PUNTO-2', 'GUAR-1'] }],
      customer: { nombre: 'Ana Pérez', email: 'ana@example.com', telefono: '', novedades: false, avisos: 'email' },
      pickup_at: openNow.franjas[1].at,
      note: 'Sin sal',
    });
    expect(readCart('1')).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem(pendingKey('1'))!)).toMatchObject({ pedido_id: 5, token: 'tok-5' });
  });

  it('wider than 768 px opens a new tab and follows the order here; a blocked tab navigates this window', async () => {
    api({ 'POST /api/orders': { status: 201, body: placed }, 'GET /api/pedidos/5': { body: { ...order, estado: 'pendiente_pago', numero: 0 } } });
    vi.spyOn(browser, 'width').mockReturnValue(769);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const open = vi.spyOn(browser, 'open').mockReturnValue({} as Window);
    const user = userEvent.setup();
    const view = renderApp('/checkout/1');
    await screen.findByTestId('quote-total');
    await fillAndPay(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pedido/5?t=tok-5&menu=1'));
    expect(open).toHaveBeenCalledWith('/demo/checkout/demo_cs_5');
    expect(assign).not.toHaveBeenCalled();
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Esperando el pago');
    expect(screen.getByRole('link', { name: 'Ir al pago' })).toHaveAttribute('href', '/demo/checkout/demo_cs_5');
    view.unmount();

    // The next order replaces this browser's unpaid one; a blocked tab falls back to this window.
    open.mockReturnValue(null);
    const { calls } = api({ 'POST /api/orders': { status: 201, body: { ...placed, pedido_id: 6, token: 'tok-6' } } });
    renderApp('/checkout/1');
    await screen.findByTestId('quote-total');
    await fillAndPay(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/demo/checkout/demo_cs_5'));
    expect(calls.find((c) => c.url === '/api/orders')!.body).toMatchObject({ replaces: { pedido_id: 5, token: 'tok-5' } });
  });

  it.each<[string, MockAnswer, string]>([
    [
      'the server error, prefixed',
      { status: 400, body: { error: 'Escribe el nombre de quien recoge el pedido.' } },
      'Error al crear la orden: Escribe el nombre de quien recoge el pedido.',
    ],
    [
      "the server's own 'Error al crear la orden' text as is",
      { status: 409, body: { error: 'Error al crear la orden: el total no coincide con el del punto de venta.' } },
      'Error al crear la orden: el total no coincide con el del punto de venta.',
    ],
    ['an unexpected answer', { status: 201, body: { pedido_id: 5 } }, 'Error inesperado en la respuesta del servidor.'],
    ['a failure without a message', { status: 500, body: 'oops' }, 'Error interno'],
    ['no connection', new TypeError('Failed to fetch'), 'Error de conexión con el servidor.'],
  ])('shows %s', async (_name, answer, text) => {
    api({ 'POST /api/orders': answer });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/checkout/1');
    await screen.findByTestId('quote-total');
    await fillAndPay(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pagar con Clover' })).toBeEnabled();
  });

  it("shows 'Error al procesar el pago.' on the checkout's failure return", async () => {
    api();
    renderApp('/checkout/1?pago=error');
    expect(await screen.findByText('Error al procesar el pago.')).toBeInTheDocument();
  });

  it("prefills the signed-in diner's name, e-mail and phone and sends the diner token", async () => {
    setDinerSession('diner-tok', 9);
    const { calls } = api({
      'GET /api/usuarios/9': { body: { id: 9, nombre: 'Diana', email: 'diana@example.com', telefono: '555 123', cliente_id: 1 } },
      'POST /api/orders': { status: 201, body: placed },
    });
    vi.spyOn(browser, 'width').mockReturnValue(390);
    vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/checkout/1');
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Diana');
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('diana@example.com');
    expect(screen.getByLabelText('Teléfono (opcional)')).toHaveValue('555 123');
    await screen.findByTestId('quote-total');
    await user.click(screen.getByRole('button', { name: 'Pagar con Clover' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/orders')).toBe(true));
    expect(calls.find((c) => c.url === '/api/orders')!.headers.Authorization).toBe('Bearer diner-tok');
    // The account's consent counts: no box, nothing sent for it.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(calls.find((c) => c.url === '/api/orders')!.body).toMatchObject({ customer: { nombre: 'Diana', email: 'diana@example.com', telefono: '555 123' } });
    expect((calls.find((c) => c.url === '/api/orders')!.body as { customer: object }).customer).not.toHaveProperty('novedades');
  });

  it("asks a guest 'Quiero recibir novedades…', unticked, and sends their answer", async () => {
    const { calls } = api({ 'POST /api/orders': { status: 201, body: placed } });
    vi.spyOn(browser, 'width').mockReturnValue(390);
    vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/checkout/1');
    const box = await screen.findByRole('checkbox', { name: 'Quiero recibir novedades de este restaurante por correo electrónico.' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('Si no lo marcas, solo te escribiremos sobre este pedido.');
    await screen.findByTestId('quote-total');
    await user.click(box);
    await fillAndPay(user);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/orders')).toBe(true));
    expect(calls.find((c) => c.url === '/api/orders')!.body).toMatchObject({
      customer: { nombre: 'Ana Pérez', email: 'ana@example.com', telefono: '', novedades: true },
    });
  });

  it('lets a guest choose WhatsApp or SMS for the order notices, with the phone required', async () => {
    const { calls } = api({ 'POST /api/orders': { status: 201, body: placed } });
    vi.spyOn(browser, 'width').mockReturnValue(390);
    vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/checkout/1');
    const group = await screen.findByRole('group', { name: 'Avisos del pedido' });
    expect(within(group).getByRole('radio', { name: 'Correo' })).toBeChecked();
    await screen.findByTestId('quote-total');
    await user.click(within(group).getByRole('radio', { name: 'WhatsApp' }));
    await fillAndPay(user);
    expect(await screen.findByText(/indica tu teléfono con el prefijo del país/)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/orders')).toBe(false);
    await user.type(screen.getByLabelText('Teléfono (opcional)'), '+34 600 111 222');
    await user.click(screen.getByRole('button', { name: 'Pagar con Clover' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/orders')).toBe(true));
    expect(calls.find((c) => c.url === '/api/orders')!.body).toMatchObject({
      customer: { telefono: '+34 600 111 222', avisos: 'whatsapp' },
    });
  });
});

describe('the order page', () => {
  beforeEach(resetLanguage);

  it('confirms the payment, empties the cart it was placed from, and shows the order', async () => {
    storeCart([chuletonLine]);
    window.localStorage.setItem(pendingKey('1'), JSON.stringify({ pedido_id: 5, token: 'tok-5', checkout_url: '/x' }));
    const { calls } = api({ 'GET /api/pedidos/5': { body: order } });
    renderApp('/pedido/5?t=tok-5');
    expect(await screen.findByText('Pago exitoso. Orden confirmada.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pedido #7' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Recibido');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$48.71');
    expect(screen.getByText('Punto de cocción: Al punto')).toBeInTheDocument();
    // Each tax as the server names it in the order's language.
    expect(screen.getByText('Impuesto sobre ventas 8.25%')).toBeInTheDocument();
    expect(screen.getByText('$3.71')).toBeInTheDocument();
    expect(readCart('1')).toEqual([]);
    expect(window.localStorage.getItem(pendingKey('1'))).toBeNull();
    const get = calls.find((c) => c.url === '/api/pedidos/5')!;
    expect(get.headers['X-Pedido-Token']).toBe('tok-5');
  });

  it.each([
    ['es', 'Se acabó el agua mineral', 'El restaurante canceló el pedido: Se acabó el agua mineral.', 'Te reembolsaremos el pago.'],
    ['es', '¡Cerramos por una avería!', 'El restaurante canceló el pedido: ¡Cerramos por una avería!', 'Te reembolsaremos el pago.'],
    ['en', 'Out of sparkling water.', 'The restaurant cancelled the order: Out of sparkling water.', 'Your payment will be refunded.'],
  ])(
    'a cancelled order back from the checkout (?pago=ok) says only that it was cancelled, the reason and the refund as two sentences (%s: %s)',
    async (lang, motivo, reason, refund) => {
      await i18next.changeLanguage(lang);
      storeCart([chuletonLine]);
      window.localStorage.setItem(pendingKey('1'), JSON.stringify({ pedido_id: 5, token: 'tok-5', checkout_url: '/x' }));
      api({ 'GET /api/pedidos/5': { body: { ...order, estado: 'cancelado', motivo_cancelacion: motivo, reembolso: 'pendiente' } } });
      renderApp('/pedido/5?t=tok-5&pago=ok');
      expect(await screen.findByTestId('order-status')).toHaveTextContent(lang === 'es' ? 'Cancelado' : 'Cancelled');
      expect(screen.queryByText(/Pago exitoso|Payment successful/)).not.toBeInTheDocument();
      const notes = screen.getAllByTestId('order-cancelled').map((p) => p.textContent);
      expect(notes).toEqual([reason, refund]);
      // It was paid: the cart it was placed from is emptied all the same.
      expect(readCart('1')).toEqual([]);
    },
  );

  it('a cancelled order without a reason or a payment says so in one sentence', async () => {
    api({ 'GET /api/pedidos/5': { body: { ...order, estado: 'cancelado', paid_at: 0 } } });
    renderApp('/pedido/5?t=tok-5&pago=ok');
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Cancelado');
    expect(screen.getAllByTestId('order-cancelled').map((p) => p.textContent)).toEqual(['El restaurante canceló el pedido.']);
    expect(screen.queryByText('Pago exitoso. Orden confirmada.')).not.toBeInTheDocument();
  });

  it('follows the live status through the event stream', async () => {
    let push: (text: string) => void = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
    });
    let estado = 'recibido';
    const { calls } = api({
      'GET /api/pedidos/5': () => ({ body: { ...order, estado } }),
      'GET /api/pedidos/5/eventos': () =>
        Promise.resolve(new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } })) as Promise<never>,
    });
    renderApp('/pedido/5?t=tok-5');
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Recibido');
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/eventos'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/eventos'))!.headers['X-Pedido-Token']).toBe('tok-5');
    estado = 'listo';
    await act(async () => push('event: pedido\ndata: {"id":1,"pedido_id":5,"estado":"listo"}\n\n'));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Listo para recoger'));
  });

  it("reads an unpaid order again while its stream is refused, not in a tight loop, and follows it once it is paid", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let estado = 'pendiente_pago';
      const { calls } = api({
        'GET /api/pedidos/5': () => ({ body: { ...order, numero: estado === 'pendiente_pago' ? 0 : order.numero, estado } }),
        'GET /api/pedidos/5/eventos': () =>
          estado === 'pendiente_pago'
            ? { status: 409, body: { error: 'Este pedido aún no está pagado: se sigue en vivo una vez confirmado el pago.' } }
            : (new Promise<never>(() => {}) as Promise<never>),
      });
      const count = (suffix: string) => calls.filter((c) => c.url.split('?')[0].endsWith(suffix)).length;
      renderApp('/pedido/5?t=tok-5');
      expect(await screen.findByTestId('order-status')).toHaveTextContent('Esperando el pago');
      await waitFor(() => expect(count('/eventos')).toBe(1));
      await act(() => vi.advanceTimersByTimeAsync(2_500));
      expect(count('/eventos')).toBe(1);
      // The payment arrives: the next attempt reads the order first, then streams.
      estado = 'recibido';
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Recibido'));
      expect(count('/eventos')).toBe(2);
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(count('/eventos')).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits the server's Retry-After when too many streams are open, and still reads the order", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let estado = 'recibido';
      const { calls } = api({
        'GET /api/pedidos/5': () => ({ body: { ...order, estado } }),
        'GET /api/pedidos/5/eventos': {
          status: 429,
          headers: { 'Retry-After': '30' },
          body: { error: 'Demasiadas conexiones en vivo desde tu red. Recarga la página en un momento.' },
        },
      });
      const count = (suffix: string) => calls.filter((c) => c.url.split('?')[0].endsWith(suffix)).length;
      renderApp('/pedido/5?t=tok-5');
      expect(await screen.findByTestId('order-status')).toHaveTextContent('Recibido');
      await waitFor(() => expect(count('/eventos')).toBe(1));
      await act(() => vi.advanceTimersByTimeAsync(29_000));
      expect(count('/eventos')).toBe(1);
      estado = 'listo';
      await act(() => vi.advanceTimersByTimeAsync(1_500));
      expect(count('/eventos')).toBe(2);
      await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Listo para recoger'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('is shown in English', async () => {
    await i18next.changeLanguage('en');
    api({ 'GET /api/pedidos/5': { body: { ...order, estado: 'en_preparacion' } } });
    renderApp('/pedido/5?t=tok-5');
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Being prepared');
    expect(screen.getByRole('heading', { level: 1, name: 'Order #7' })).toBeInTheDocument();
  });

  it("shows the server's error for an unknown order", async () => {
    api({ 'GET /api/pedidos/5': { status: 404, body: { error: 'Pedido no encontrado.' } } });
    renderApp('/pedido/5?t=nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Pedido no encontrado.');
  });
});

// Keeps the test data honest: the products the tests use are on the menu.
it('uses products of the test menu', () => {
  expect(onlineMenu.categorias.flatMap((c) => c.productos).map((p) => p.id)).toEqual([bravas.id, chuleton.id]);
});
