import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tab, TableInfo, TabReceipt } from '../../api/contract';
import { mockFetch, renderApp, resetLanguage, type FetchCall, type MockAnswer } from '../../test/utils';
import { cartKey, readCart, type CartLine } from './lib/cart';
import { polling } from './lib/polling';
import { readTabToken, readTableContext, saveTable, tableCheckout } from './lib/table-context';
import { onlineMenu, openNow, quote } from './test-data';

const settings = { body: { nombre_restaurante: 'La Cava', moneda: 'USD', logo: '', backgroundImage: '' } };

const tableInfo: TableInfo = {
  cliente_id: 1,
  mesa: { id: 3, numero: 7, nombre: '' },
  modo: 'al_final',
  propinas: { activo: true, porcentajes: [10, 15, 20], defecto: 15 },
  moneda: 'USD',
  recoger_activo: true,
  cuenta: null,
};

/** A tab with one order being prepared: one free line, one being paid by someone else. */
const tab: Tab = {
  id: 9,
  cliente_id: 1,
  restaurante: 'La Cava',
  mesa: { id: 3, numero: 7, nombre: '' },
  estado: 'abierta',
  modo: 'al_final',
  moneda: 'USD',
  abierta_at: 1_900_000_000,
  impuestos_incluidos: false,
  subtotal: 4000,
  impuestos: 330,
  detalle_impuestos: [{ nombre: 'Sales Tax 8.25%', tasa: 825000, importe: 330 }],
  total: 4330,
  pagado: 0,
  en_pago: 1330,
  restante: 3000,
  propina_total: 0,
  division: null,
  propinas: { activo: true, porcentajes: [10, 15, 20], defecto: 15 },
  pedidos: [
    {
      id: 51,
      numero: 12,
      estado: 'en_preparacion',
      created_at: 1_900_000_000,
      total: 4330,
      lineas: [
        { id: '51-1', pedido_id: 51, nombre: 'Chuletón de Res', cantidad: 1, modificadores: ['Al punto'], importe: 3000, impuestos: 230, estado_pago: 'libre' },
        { id: '51-2', pedido_id: 51, nombre: 'Patatas Bravas', cantidad: 2, modificadores: [], importe: 1330, impuestos: 100, estado_pago: 'en_pago' },
      ],
    },
  ],
  pagos: [],
  motivo: '',
};

const started = {
  pago_id: 3,
  token: 'ptok',
  checkout_url: 'https://pay.example/cs_1',
  importe: 3000,
  base: 2771,
  propina: 0,
  total: 3000,
  moneda: 'USD',
};

function api(extra: Record<string, MockAnswer> = {}) {
  return mockFetch({
    'GET /api/configuraciones': settings,
    'GET /api/orders/clover_products_online': { body: onlineMenu },
    'GET /api/orders/config': { body: openNow },
    'POST /api/orders/quote': { body: quote },
    'GET /api/popups': { body: [] },
    ...extra,
  });
}

const byRoute = (calls: FetchCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.split('?')[0] === path);

/** The polling's ticks, driven by the test: no wall clock. */
function fakePolling() {
  const ticks: (() => void)[] = [];
  const stop = vi.fn();
  vi.spyOn(polling, 'every').mockImplementation((fn) => {
    ticks.push(fn);
    return stop;
  });
  let visible = true;
  vi.spyOn(polling, 'visible').mockImplementation(() => visible);
  return {
    tick: () =>
      act(async () => {
        ticks[ticks.length - 1]();
      }),
    stop,
    hide: () =>
      act(async () => {
        visible = false;
        document.dispatchEvent(new Event('visibilitychange'));
      }),
  };
}

const bravasLine: CartLine = { product_id: 6, name: 'Patatas Bravas', unit_price: 800, quantity: 2, modifiers: [] };

beforeEach(async () => {
  window.sessionStorage.clear();
  await resetLanguage();
});

describe('the table landing (/mesa/:cliente_id/:codigo)', () => {
  it('remembers the table and opens the ordering page in table mode', async () => {
    const { calls } = api({ 'GET /api/mesas/1/ABC123': { body: tableInfo } });
    renderApp('/mesa/1/ABC123');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ordenar-en-linea/1'));
    expect(await screen.findByTestId('table-badge')).toHaveTextContent('Mesa 7');
    expect(readTableContext(1)).toMatchObject({ codigo: 'ABC123', modo: 'al_final', mesa: { numero: 7 } });
    expect(byRoute(calls, 'GET', '/api/mesas/1/ABC123')[0].headers.Authorization).toBeUndefined();
  });

  it("says an old code is no longer valid in the page's language (whatever language the answer is in) and links to the plain menu", async () => {
    api({ 'GET /api/mesas/1/OLD': { status: 404, body: { error: 'This table code is no longer valid.' } } });
    renderApp('/mesa/1/OLD');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este código de mesa ya no es válido. Puedes ver la carta; para pedir a la mesa, escanea el código que está en tu mesa o pide ayuda al personal.',
    );
    expect(screen.getByRole('link', { name: 'Ver la carta' })).toHaveAttribute('href', '/menu/1');
    expect(readTableContext(1)).toBeNull();
  });
});

describe('ordering in table mode', () => {
  function atTable(modo: TableInfo['modo']) {
    saveTable({ ...tableInfo, modo }, 'ABC123');
    window.localStorage.setItem(cartKey('1'), JSON.stringify([bravasLine]));
  }

  it("places the cart at the table with 'Pedir a la mesa' and opens the tab (pay at the end)", async () => {
    atTable('al_final');
    const { calls } = api({
      'POST /api/mesas/1/ABC123/pedidos': {
        status: 201,
        body: { pedido_id: 51, token: 'otok', cuenta: { id: 9, token: 'ctok' }, checkout_url: '', total: 1732, moneda: 'USD', estado: 'por_aceptar' },
      },
      'GET /api/cuentas/9': { body: { ...tab, estado: 'por_aceptar' } },
    });
    fakePolling();
    const user = userEvent.setup();
    renderApp('/carrito/1');
    expect(await screen.findByTestId('table-badge')).toHaveTextContent('Mesa 7');
    expect(screen.queryByRole('link', { name: 'Ir a Pagar' })).not.toBeInTheDocument();
    const place = await screen.findByRole('button', { name: 'Pedir a la mesa' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cuenta/9?t=ctok&menu=1'));
    const [post] = byRoute(calls, 'POST', '/api/mesas/1/ABC123/pedidos');
    expect(post.body).toEqual({ items: [{ product_id: 6, quantity: 2, modifier_ids: [] }], idioma: 'es' });
    expect(byRoute(calls, 'POST', '/api/orders')).toHaveLength(0);
    expect(readCart('1')).toEqual([]);
    expect(readTableContext(1)?.cuenta).toEqual({ id: 9, token: 'ctok' });
    expect(await screen.findByText('Esperando a que el mesero acepte la mesa.')).toBeInTheDocument();
    expect(byRoute(calls, 'GET', '/api/cuentas/9')[0].headers['X-Cuenta-Token']).toBe('ctok');
  });

  it("sends a diner at a table who reaches the pickup checkout (/checkout/1) back to the cart, which orders at the table", async () => {
    atTable('al_final');
    const { calls } = api({});
    renderApp('/checkout/1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/carrito/1'));
    expect(await screen.findByRole('button', { name: 'Pedir a la mesa' })).toBeInTheDocument();
    expect(byRoute(calls, 'POST', '/api/orders')).toHaveLength(0);
  });

  it("goes to the order's checkout when each order is paid first", async () => {
    atTable('por_pedido');
    const assign = vi.spyOn(tableCheckout, 'go').mockImplementation(() => {});
    const { calls } = api({
      'POST /api/mesas/1/ABC123/pedidos': {
        status: 201,
        body: { pedido_id: 51, token: 'otok', cuenta: { id: 9, token: 'ctok' }, checkout_url: 'https://pay.example/order', total: 1732, moneda: 'USD', estado: 'pendiente_pago' },
      },
    });
    const user = userEvent.setup();
    renderApp('/carrito/1');
    const place = await screen.findByRole('button', { name: 'Pedir a la mesa' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/order'));
    expect(byRoute(calls, 'POST', '/api/mesas/1/ABC123/pedidos')).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/carrito/1');
  });
});

describe('the tab page (/cuenta/:id)', () => {
  it('shows the orders with their status, the lines, the totals, and reads the tab again on each tick while visible', async () => {
    saveTable({ ...tableInfo, cuenta: { id: 9, token: 'ctok' } }, 'ABC123');
    const { calls } = api({ 'GET /api/cuentas/9': { body: tab } });
    const poll = fakePolling();
    renderApp('/cuenta/9?t=ctok&menu=1');
    expect(await screen.findByRole('heading', { name: 'La cuenta' })).toBeInTheDocument();
    expect(screen.getByText('Mesa 7')).toBeInTheDocument();
    const order = screen.getByRole('heading', { name: 'Pedido n.º 12' }).closest('li')!;
    expect(within(order).getByText('En preparación')).toBeInTheDocument();
    expect(within(order).getByText('1 × Chuletón de Res')).toBeInTheDocument();
    expect(within(order).getByText('Pagando…')).toBeInTheDocument();
    const totals = screen.getByTestId('tab-totals');
    expect(totals).toHaveTextContent('Subtotal$40.00');
    expect(totals).toHaveTextContent('Sales Tax 8.25%$3.30');
    expect(totals).toHaveTextContent('Total$43.30');
    expect(screen.getByTestId('tab-remaining')).toHaveTextContent('$30.00');
    expect(readTabToken(9)).toBe('ctok');
    expect(screen.getByRole('link', { name: 'Pedir más' })).toHaveAttribute('href', '/ordenar-en-linea/1');

    expect(byRoute(calls, 'GET', '/api/cuentas/9')).toHaveLength(1);
    await poll.tick();
    await waitFor(() => expect(byRoute(calls, 'GET', '/api/cuentas/9')).toHaveLength(2));
    await poll.hide();
    expect(poll.stop).toHaveBeenCalled();
  });

  it("opened from a shared link (no table scanned in this browser tab), it says to scan the table's code instead of offering a pickup order", async () => {
    api({ 'GET /api/cuentas/9': { body: tab } });
    fakePolling();
    renderApp('/cuenta/9?t=ctok&menu=1');
    expect(await screen.findByRole('heading', { name: 'Pedido n.º 12' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pedir más' })).toBeNull();
    expect(screen.getByText('Para pedir más, escanea el código QR de tu mesa.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pedir la cuenta' })).toBeInTheDocument();
  });

  it("says a closed tab is closed (410) and forgets it", async () => {
    saveTable({ ...tableInfo, cuenta: { id: 9, token: 'ctok' } }, 'ABC123');
    api({ 'GET /api/cuentas/9': { status: 410, body: { error: 'Esta cuenta ya está cerrada. Escanea de nuevo el código de la mesa.' } } });
    fakePolling();
    renderApp('/cuenta/9?menu=1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta cuenta ya está cerrada. Escanea de nuevo el código de la mesa.');
    expect(screen.getByRole('link', { name: 'Ver la carta' })).toHaveAttribute('href', '/menu/1');
    // The server's message says what to do: not said twice.
    expect(screen.queryByText('Para pedir de nuevo, escanea el código QR de la mesa.')).toBeNull();
    expect(readTableContext(1)).toBeNull();
    expect(readTabToken(9)).toBe('');
  });

  it('says a closed tab is closed and how to order again when the answer (410) has no message of its own', async () => {
    api({ 'GET /api/cuentas/9': { status: 410, body: {} } });
    fakePolling();
    renderApp('/cuenta/9?t=ctok&menu=1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta cuenta ya está cerrada.');
    expect(screen.getByText('Para pedir de nuevo, escanea el código QR de la mesa.')).toBeInTheDocument();
  });

  it('frees a payment the checkout cancelled with one DELETE, then shows the tab', async () => {
    const { calls } = api({
      'GET /api/cuentas/9': { body: tab },
      'DELETE /api/cuentas/9/pagos/3': { status: 204 },
    });
    const poll = fakePolling();
    renderApp('/cuenta/9?t=ctok&cancelar=3&p=ptok&menu=1');
    expect(await screen.findByRole('heading', { name: 'Pedido n.º 12' })).toBeInTheDocument();
    await poll.tick();
    await waitFor(() => expect(byRoute(calls, 'GET', '/api/cuentas/9')).toHaveLength(2));
    const deletes = byRoute(calls, 'DELETE', '/api/cuentas/9/pagos/3');
    expect(deletes).toHaveLength(1);
    expect(new URL(deletes[0].url, 'http://x').searchParams.get('p')).toBe('ptok');
    // The DELETE went before the tab was read.
    expect(calls.indexOf(deletes[0])).toBeLessThan(calls.findIndex((c) => c.url.startsWith('/api/cuentas/9') && c.method === 'GET'));
    expect(screen.getByTestId('location')).not.toHaveTextContent('cancelar');
  });
});

describe("the pay sheet ('Pedir la cuenta')", () => {
  async function openSheet(extra: Record<string, MockAnswer> = {}, body: Tab = tab) {
    const assign = vi.spyOn(tableCheckout, 'go').mockImplementation(() => {});
    const { calls } = api({ 'GET /api/cuentas/9': { body }, 'POST /api/cuentas/9/pagos': { status: 201, body: started }, ...extra });
    fakePolling();
    const user = userEvent.setup();
    renderApp('/cuenta/9?t=ctok&menu=1');
    await user.click(await screen.findByRole('button', { name: 'Pedir la cuenta' }));
    const pay = () => screen.getByRole('button', { name: /^Pagar \$/ });
    return { assign, calls, user, pay, posts: () => byRoute(calls, 'POST', '/api/cuentas/9/pagos') };
  }

  it('preselects no tip: paying waits for a choice; the suggested one is marked; no tip sends porcentaje 0', async () => {
    const { assign, user, pay, posts } = await openSheet();
    const tips = screen.getByRole('group', { name: 'Propina' });
    const radios = within(tips).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).checked)).toEqual([false, false, false, false, false]);
    expect(within(tips).getByRole('radio', { name: /15 %.*Sugerida/ })).toBeInTheDocument();
    expect(within(tips).getByRole('radio', { name: '10 %' })).toBeInTheDocument();
    expect(pay()).toBeDisabled();
    // The preview: 15 % of the pre-tax part of $30.00 (3000 × 4000 / 4330 = 2771) is $4.16.
    await user.click(within(tips).getByRole('radio', { name: /15 %/ }));
    expect(screen.getByTestId('pay-tip')).toHaveTextContent('$4.16');
    expect(screen.getByTestId('pay-total')).toHaveTextContent('$34.16');
    await user.click(within(tips).getByRole('radio', { name: 'Sin propina' }));
    expect(pay()).toBeEnabled();
    await user.click(pay());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(posts()).toHaveLength(1);
    expect(posts()[0].body).toEqual({ modo: 'todo', propina: { porcentaje: 0 }, idioma: 'es' });
    expect(posts()[0].headers['X-Cuenta-Token']).toBe('ctok');
  });

  it('sends an even split with a percentage tip', async () => {
    const { user, pay, posts } = await openSheet();
    await user.click(screen.getByRole('radio', { name: 'Dividir en partes iguales' }));
    const count = screen.getByRole('spinbutton', { name: 'Número de partes (2–20)' });
    await user.clear(count);
    await user.type(count, '3');
    await user.click(screen.getByRole('radio', { name: '10 %' }));
    await user.click(pay());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({ modo: 'partes', partes: 3, propina: { porcentaje: 10 }, idioma: 'es' });
  });

  it('shows the fixed split of a tab already divided', async () => {
    await openSheet({}, { ...tab, division: { partes: 4, base: 4330, pagadas: 2, en_pago: 0, siguiente: 1083 } });
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Dividir en partes iguales' }));
    expect(screen.getByText('Parte 3 de 4')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.getByTestId('pay-amount')).toHaveTextContent('$10.83');
  });

  it('pays chosen lines (only free ones are offered) with another tip amount', async () => {
    const { user, pay, posts } = await openSheet();
    await user.click(screen.getByRole('radio', { name: 'Pagar por productos' }));
    expect(screen.queryByRole('checkbox', { name: /Patatas Bravas/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Otra cantidad' }));
    await user.type(screen.getByRole('textbox', { name: 'Importe de la propina' }), '2,50');
    expect(pay()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Chuletón de Res/ }));
    expect(screen.getByTestId('pay-total')).toHaveTextContent('$32.50');
    await user.click(pay());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({ modo: 'lineas', lineas: ['51-1'], propina: { importe: 250 }, idioma: 'es' });
  });

  it("shows the server's message on 409 and reads the tab again", async () => {
    const { assign, user, pay, calls } = await openSheet({
      'POST /api/cuentas/9/pagos': { status: 409, body: { error: 'Otra persona ya está pagando esos productos. Quedan $17.00.' } },
    });
    await user.click(screen.getByRole('radio', { name: 'Sin propina' }));
    await user.click(pay());
    expect(await screen.findByRole('alert')).toHaveTextContent('Otra persona ya está pagando esos productos. Quedan $17.00.');
    await waitFor(() => expect(byRoute(calls, 'GET', '/api/cuentas/9')).toHaveLength(2));
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers no tip chooser when the restaurant has tips off, and sends porcentaje 0', async () => {
    const { user, pay, posts } = await openSheet({}, { ...tab, propinas: { activo: false, porcentajes: [], defecto: 0 } });
    expect(screen.queryByRole('group', { name: 'Propina' })).not.toBeInTheDocument();
    await user.click(pay());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({ modo: 'todo', propina: { porcentaje: 0 }, idioma: 'es' });
  });
});

describe('the receipt of a tab payment (/cuenta/:id/pago/:pago_id)', () => {
  const receipt: TabReceipt = {
    pago: { id: 3, modo: 'todo', metodo: 'tarjeta', parte: 0, importe: 3000, base: 2771, propina: 416, total: 3416, estado: 'pagado', paid_at: 1_900_000_100, registrado_por: '', reembolso: 0, reembolso_estado: '' },
    cuenta_id: 9,
    cuenta_estado: 'abierta',
    mesa: { id: 3, numero: 7, nombre: 'Terraza 1' },
    restaurante: 'La Cava',
    moneda: 'USD',
    impuestos_incluidos: false,
    restante: 1330,
  };

  it('shows what was paid and what remains, with the way back to the tab', async () => {
    const { calls } = api({ 'GET /api/cuentas/9/pagos/3': { body: receipt } });
    renderApp('/cuenta/9/pago/3?p=ptok&t=ctok&menu=1');
    const list = await screen.findByTestId('receipt');
    expect(list).toHaveTextContent('Importe$30.00');
    expect(list).toHaveTextContent('Propina$4.16');
    expect(list).toHaveTextContent('Total cobrado$34.16');
    expect(screen.getByText('La Cava · Terraza 1')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Quedan $13.30 por pagar.');
    expect(screen.getByRole('link', { name: 'Volver a la cuenta' })).toHaveAttribute('href', '/cuenta/9?t=ctok&menu=1');
    expect(new URL(calls.find((c) => c.url.startsWith('/api/cuentas/9/pagos/3'))!.url, 'http://x').searchParams.get('p')).toBe('ptok');
  });

  it('thanks the diner when the tab is paid, and forgets it', async () => {
    saveTable({ ...tableInfo, cuenta: { id: 9, token: 'ctok' } }, 'ABC123');
    api({ 'GET /api/cuentas/9/pagos/3': { body: { ...receipt, cuenta_estado: 'pagada', restante: 0 } } });
    renderApp('/cuenta/9/pago/3?p=ptok&t=ctok&menu=1');
    expect(await screen.findByText('Cuenta pagada. ¡Gracias!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Volver a la cuenta' })).not.toBeInTheDocument();
    expect(readTableContext(1)).toBeNull();
  });
});
