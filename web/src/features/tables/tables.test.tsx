import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { StaffTabs, Tab } from '../../api/contract';
import { can, pageNeed, ROLE_CAPABILITIES } from '../../app/session/roles';
import type { Session } from '../../app/session/session-context';
import { mockFetch, renderApp, resetLanguage, staffInfo, storeSession, type FetchCall } from '../../test/utils';
import { textToCents } from './lib/tables';

const LAZY = { timeout: 5000 };
const NOW = Math.floor(Date.now() / 1000);

function tab(over: Partial<Tab> & { id: number; mesa: Tab['mesa'] }): Tab {
  return {
    cliente_id: 1,
    restaurante: 'La Tasca',
    estado: 'abierta',
    modo: 'al_final',
    moneda: 'EUR',
    abierta_at: NOW - 25 * 60,
    impuestos_incluidos: true,
    subtotal: 4000,
    impuestos: 400,
    detalle_impuestos: [],
    total: 4400,
    pagado: 1000,
    en_pago: 0,
    restante: 3400,
    propina_total: 0,
    division: null,
    propinas: { activo: true, porcentajes: [10], defecto: 10 },
    pedidos: [
      {
        id: 50,
        numero: 12,
        estado: 'en_preparacion',
        created_at: NOW - 20 * 60,
        total: 4400,
        lineas: [{ id: '50-0', pedido_id: 50, nombre: 'Paella', cantidad: 2, modificadores: [], importe: 4400, impuestos: 400, estado_pago: 'libre' }],
      },
    ],
    pagos: [
      { id: 3, modo: 'todo', metodo: 'efectivo', parte: 0, importe: 1000, base: 909, propina: 100, total: 1100, estado: 'pagado', paid_at: NOW - 60, registrado_por: 'Luis', reembolso: 0, reembolso_estado: '' },
    ],
    motivo: '',
    ...over,
  };
}

const T7 = { id: 7, numero: 7, nombre: '' };
const T3 = { id: 3, numero: 3, nombre: 'Terraza' };
const T9 = { id: 9, numero: 9, nombre: '' };

function tabs(): StaffTabs {
  return {
    cuentas: [tab({ id: 1, mesa: T7 }), tab({ id: 2, mesa: T3, estado: 'por_aceptar', total: 1500, pagado: 0, restante: 1500, pagos: [] })],
    mesas: [T3, T7, T9],
  };
}

const VALIDATE = { 'POST /api/auth/validate': { body: staffInfo('mesero') } };

describe("'Mesas': the open tabs", () => {
  beforeEach(async () => {
    await resetLanguage();
    storeSession({ token: 'waiter-1', clienteId: '1' });
  });

  function routes(extra: Record<string, (call: FetchCall) => { status?: number; body: unknown }> = {}) {
    return mockFetch({ ...VALIDATE, 'GET /api/clientes/1/cuentas': () => ({ body: tabs() }), ...extra });
  }

  it('lists each tab with its table, state, age, money and payments; a new table first, highlighted', async () => {
    routes();
    renderApp('/mesas?cliente_id=1');
    await screen.findByRole('heading', { name: 'Mesas', level: 1 }, LAZY);
    const cards = await screen.findAllByTestId('tab-card', {}, LAZY);
    expect(cards.map((c) => c.getAttribute('data-estado'))).toEqual(['por_aceptar', 'abierta']);
    const terraza = screen.getByRole('article', { name: 'Terraza' });
    expect(terraza).toHaveTextContent('Nueva mesa: acepta para enviar a cocina.');
    expect(within(terraza).getByRole('button', { name: 'Aceptar mesa' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 mesa nueva espera a que la aceptes.');
    const mesa7 = screen.getByRole('article', { name: 'Mesa 7' });
    expect(mesa7).toHaveTextContent('Abierta hace 25 min');
    expect(mesa7).toHaveTextContent(/Total\s*€44\.00/);
    expect(mesa7).toHaveTextContent(/Pagado\s*€10\.00/);
    expect(within(mesa7).getByTestId('tab-remaining')).toHaveTextContent('€34.00');
    expect(mesa7).toHaveTextContent('Efectivo · Todo · Pagado · cobró Luis');
    expect(mesa7).toHaveTextContent('€11.00 (propina €1.00)');
    expect(within(mesa7).queryByRole('button', { name: 'Aceptar mesa' })).toBeNull();
  });

  it("says a tab opened this minute is 'Abierta ahora', not 'hace 0 min'", async () => {
    mockFetch({ ...VALIDATE, 'GET /api/clientes/1/cuentas': () => ({ body: { ...tabs(), cuentas: [tab({ id: 1, mesa: T7, abierta_at: NOW })] } }) });
    renderApp('/mesas?cliente_id=1');
    const mesa7 = await screen.findByRole('article', { name: 'Mesa 7' }, LAZY);
    expect(mesa7).toHaveTextContent('Abierta ahora');
    expect(mesa7).not.toHaveTextContent('hace 0 min');
  });

  it('accepts a new table', async () => {
    const { calls } = routes({
      'POST /api/clientes/1/cuentas/2/aceptar': () => ({ body: tab({ id: 2, mesa: T3, estado: 'abierta' }) }),
    });
    renderApp('/mesas?cliente_id=1');
    const terraza = await screen.findByRole('article', { name: 'Terraza' }, LAZY);
    await userEvent.setup().click(within(terraza).getByRole('button', { name: 'Aceptar mesa' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/cuentas/2/aceptar'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/aceptar'))?.headers.Authorization).toBe('Bearer waiter-1');
  });

  it("takes a cash payment at the table: the amount starts at what remains, with the tip", async () => {
    const { calls } = routes({
      'POST /api/clientes/1/cuentas/1/pagos': () => ({ body: tab({ id: 1, mesa: T7, pagado: 4400, restante: 0 }) }),
    });
    renderApp('/mesas?cliente_id=1');
    const mesa7 = await screen.findByRole('article', { name: 'Mesa 7' }, LAZY);
    const user = userEvent.setup();
    await user.click(within(mesa7).getByRole('button', { name: 'Cobrar en mesa' }));
    expect(within(mesa7).getByLabelText('Efectivo')).toBeChecked();
    const amount = within(mesa7).getByLabelText('Importe (EUR)');
    expect(amount).toHaveValue('34.00');
    fireEvent.change(within(mesa7).getByLabelText('Propina (EUR)'), { target: { value: '3,40' } });
    await user.click(within(mesa7).getByRole('button', { name: 'Registrar cobro' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/cuentas/1/pagos'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/cuentas/1/pagos'))?.body).toEqual({ metodo: 'efectivo', importe: 3400, propina: 340 });
  });

  it('takes part of it by the terminal', async () => {
    const { calls } = routes({
      'POST /api/clientes/1/cuentas/1/pagos': () => ({ body: tab({ id: 1, mesa: T7, pagado: 2000, restante: 2400 }) }),
    });
    renderApp('/mesas?cliente_id=1');
    const mesa7 = await screen.findByRole('article', { name: 'Mesa 7' }, LAZY);
    const user = userEvent.setup();
    await user.click(within(mesa7).getByRole('button', { name: 'Cobrar en mesa' }));
    await user.click(within(mesa7).getByLabelText('Terminal'));
    fireEvent.change(within(mesa7).getByLabelText('Importe (EUR)'), { target: { value: '10' } });
    await user.click(within(mesa7).getByRole('button', { name: 'Registrar cobro' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/cuentas/1/pagos'))?.body).toEqual({ metodo: 'terminal', importe: 1000, propina: 0 }));
  });

  it('moves a tab to a table without an open tab', async () => {
    const { calls } = routes({
      'POST /api/clientes/1/cuentas/1/mover': () => ({ body: tab({ id: 1, mesa: T9 }) }),
    });
    renderApp('/mesas?cliente_id=1');
    const mesa7 = await screen.findByRole('article', { name: 'Mesa 7' }, LAZY);
    const user = userEvent.setup();
    await user.click(within(mesa7).getByRole('button', { name: 'Mover a…' }));
    const select = within(mesa7).getByLabelText('Mover a la mesa');
    // Mesa 7 and Terraza have open tabs: only table 9 is offered.
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Mesa 9']);
    await user.click(within(mesa7).getByRole('button', { name: 'Mover cuenta' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/cuentas/1/mover'))?.body).toEqual({ mesa_id: 9 }));
  });

  it('closing with something unpaid asks for the reason, then shows the server’s refusal in its words', async () => {
    const { calls } = routes({
      'POST /api/clientes/1/cuentas/1/cerrar': () => ({ status: 409, body: { error: 'La cuenta tiene un pago en curso.' } }),
    });
    renderApp('/mesas?cliente_id=1');
    const mesa7 = await screen.findByRole('article', { name: 'Mesa 7' }, LAZY);
    const user = userEvent.setup();
    await user.click(within(mesa7).getByRole('button', { name: 'Cerrar cuenta' }));
    await user.click(within(mesa7).getAllByRole('button', { name: 'Cerrar cuenta' })[1]);
    expect(within(mesa7).getByRole('alert')).toHaveTextContent('Indica el motivo: la cuenta tiene €34.00 sin pagar.');
    expect(calls.some((c) => c.url.endsWith('/cerrar'))).toBe(false);

    await user.type(within(mesa7).getByLabelText('Motivo (obligatorio: queda algo sin pagar)'), 'Invita la casa');
    await user.click(within(mesa7).getAllByRole('button', { name: 'Cerrar cuenta' })[1]);
    await waitFor(() => expect(within(mesa7).getByRole('alert')).toHaveTextContent('La cuenta tiene un pago en curso.'));
    expect(calls.find((c) => c.url.endsWith('/cerrar'))?.body).toEqual({ motivo: 'Invita la casa' });
  });

  it('a closed tab leaves the list', async () => {
    let closed = false;
    routes({
      'GET /api/clientes/1/cuentas': () => ({ body: closed ? { ...tabs(), cuentas: tabs().cuentas.slice(1) } : tabs() }),
      'POST /api/clientes/1/cuentas/1/cerrar': () => {
        closed = true;
        return { body: tab({ id: 1, mesa: T7, estado: 'cerrada', motivo: 'Invita la casa' }) };
      },
    });
    renderApp('/mesas?cliente_id=1');
    const mesa7 = await screen.findByRole('article', { name: 'Mesa 7' }, LAZY);
    const user = userEvent.setup();
    await user.click(within(mesa7).getByRole('button', { name: 'Cerrar cuenta' }));
    await user.type(within(mesa7).getByRole('textbox'), 'Invita la casa');
    await user.click(within(mesa7).getAllByRole('button', { name: 'Cerrar cuenta' })[1]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Mesa 7' })).toBeNull());
  });
});

type Pago = Tab['pagos'][number];

function pago(over: Partial<Pago> & { id: number }): Pago {
  return {
    modo: 'todo',
    metodo: 'tarjeta',
    parte: 0,
    importe: 1100,
    base: 1000,
    propina: 0,
    total: 1100,
    estado: 'pagado',
    paid_at: NOW - 120,
    registrado_por: '',
    reembolso: 0,
    reembolso_estado: '',
    ...over,
  };
}

/** A tab split evenly between 4: shares 1 and 2 paid (2 with a tip, 1 owing 5.00 back), share 3 being paid. */
function splitTab(): Tab {
  return tab({
    id: 4,
    mesa: T7,
    total: 4400,
    pagado: 1700,
    en_pago: 1100,
    restante: 1600,
    propina_total: 110,
    division: { partes: 4, base: 4400, pagadas: 2, en_pago: 1, siguiente: 1100 },
    pagos: [
      pago({ id: 1, modo: 'partes', parte: 1, reembolso: 500, reembolso_estado: 'pendiente' }),
      pago({ id: 2, modo: 'partes', parte: 2, propina: 110, total: 1210 }),
      pago({ id: 5, modo: 'partes', parte: 3, estado: 'pendiente_pago', paid_at: 0 }),
    ],
  });
}

/** A tab paid by items: one line paid, one being paid, one pending; a cash payment given back already. */
function itemsTab(): Tab {
  const line = (i: number, nombre: string, estado_pago: 'libre' | 'en_pago' | 'pagada') => ({
    id: `60-${i}`,
    pedido_id: 60,
    nombre,
    cantidad: 1,
    modificadores: [],
    importe: 1000 + i * 100,
    impuestos: 90,
    estado_pago,
  });
  return tab({
    id: 6,
    mesa: T3,
    total: 3300,
    pagado: 1000,
    en_pago: 1100,
    restante: 1200,
    pedidos: [{ id: 60, numero: 14, estado: 'servido', created_at: NOW - 600, total: 3300, lineas: [line(0, 'Sopa', 'pagada'), line(1, 'Vino', 'en_pago'), line(2, 'Flan', 'libre')] }],
    pagos: [
      pago({ id: 7, modo: 'lineas', importe: 1000, total: 1000 }),
      pago({ id: 8, modo: 'lineas', importe: 1100, total: 1100, estado: 'pendiente_pago', paid_at: 0 }),
      pago({ id: 9, modo: 'mesa', metodo: 'terminal', importe: 300, total: 300, registrado_por: 'ana@tasca.test', reembolso: 300, reembolso_estado: 'reembolsado' }),
    ],
  });
}

describe("'Mesas': how each tab is being paid", () => {
  beforeEach(async () => {
    await resetLanguage();
    storeSession({ token: 'waiter-1', clienteId: '1' });
  });

  function show(cuentas: Tab[]) {
    mockFetch({ ...VALIDATE, 'GET /api/clientes/1/cuentas': () => ({ body: { cuentas, mesas: [T3, T7, T9] } }) });
    renderApp('/mesas?cliente_id=1');
  }

  it('an even split: the shares paid and being paid, the next share, each payment’s share, the tips and what is owed back', async () => {
    show([splitTab()]);
    const card = await screen.findByRole('article', { name: 'Mesa 7' }, LAZY);
    const plan = within(card).getByRole('list', { name: 'Cómo se paga' });
    expect(plan).toHaveTextContent('Partes iguales: 2 de 4 partes pagadas');
    expect(plan).toHaveTextContent('1 parte pagándose');
    expect(plan).toHaveTextContent('Siguiente parte: €11.00');
    expect(plan).toHaveTextContent('Propinas: €1.10');
    expect(plan).toHaveTextContent('Pagado de más: €5.00 a devolver al cliente');
    const payments = within(card).getAllByTestId('tab-payment');
    expect(payments[0]).toHaveTextContent('Tarjeta (en línea) · Parte 1 de 4 · Pagado');
    expect(payments[0]).toHaveTextContent('A devolver: €5.00');
    expect(payments[1]).toHaveTextContent('Parte 2 de 4 · Pagado');
    expect(payments[1]).toHaveTextContent('€12.10 (propina €1.10)');
    expect(payments[2]).toHaveTextContent('Parte 3 de 4 · Pendiente');
  });

  it('by items: each line paid, being paid or pending; who took a payment at the table, and what was given back', async () => {
    show([itemsTab()]);
    const card = await screen.findByRole('article', { name: 'Terraza' }, LAZY);
    expect(within(card).getByRole('list', { name: 'Cómo se paga' })).toHaveTextContent('Por productos: 1 de 3 pagados');
    expect(within(card).getByRole('list', { name: 'Cómo se paga' })).toHaveTextContent('1 producto pagándose');
    const lines = within(card).getAllByTestId('tab-line');
    expect(lines.map((l) => l.getAttribute('data-estado-pago'))).toEqual(['pagada', 'en_pago', 'libre']);
    expect(lines[0]).toHaveTextContent('1 × Sopa€10.00 · Pagado');
    expect(lines[1]).toHaveTextContent('€11.00 · Pagándose');
    expect(lines[2]).toHaveTextContent('€12.00 · Pendiente');
    const payments = within(card).getAllByTestId('tab-payment');
    expect(payments[0]).toHaveTextContent('Tarjeta (en línea) · Por productos · Pagado');
    expect(payments[2]).toHaveTextContent('Terminal · En mesa · Pagado · cobró ana@tasca.test');
    expect(payments[2]).toHaveTextContent('Devuelto: €3.00');
    // Given back already: nothing is still owed on the tab.
    expect(card).not.toHaveTextContent('Pagado de más');
  });

  it('in English', async () => {
    await i18next.changeLanguage('en');
    show([splitTab(), itemsTab()]);
    const split = await screen.findByRole('article', { name: 'Table 7' }, LAZY);
    const plan = within(split).getByRole('list', { name: 'How it is being paid' });
    expect(plan).toHaveTextContent('Split evenly: 2 of 4 shares paid');
    expect(plan).toHaveTextContent('1 share being paid');
    expect(plan).toHaveTextContent('Overpaid: €5.00 to give back to the diner');
    expect(within(split).getAllByTestId('tab-payment')[0]).toHaveTextContent('Card (online) · Share 1 of 4 · Paid');
    const items = screen.getByRole('article', { name: 'Terraza' });
    expect(items).toHaveTextContent('By items: 1 of 3 paid');
    expect(within(items).getAllByTestId('tab-line')[1]).toHaveTextContent('Being paid');
    expect(within(items).getAllByTestId('tab-payment')[2]).toHaveTextContent('Terminal · At the table · Paid · taken by ana@tasca.test');
    expect(within(items).getAllByTestId('tab-payment')[2]).toHaveTextContent('Given back: €3.00');
  });

  it('a tab paid all at once shows no plan', async () => {
    show([tab({ id: 1, mesa: T7, pagos: [] })]);
    const card = await screen.findByRole('article', { name: 'Mesa 7' }, LAZY);
    expect(within(card).queryByTestId('tab-plan')).toBeNull();
  });
});

describe("who sees 'Mesas'", () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  const session = (rol: 'propietario' | 'gerente' | 'cocina' | 'mesero'): Session =>
    ({ status: 'authenticated', isSuperadmin: false, clienteId: '1', rol, restaurantes: [] }) as unknown as Session;

  it('the page needs the tables capability: owner, manager and waiter, not the kitchen', () => {
    expect(pageNeed('/mesas')).toBe('tables');
    expect(can(session('mesero'), 'tables')).toBe(true);
    expect(can(session('gerente'), 'tables')).toBe(true);
    expect(can(session('propietario'), 'tables')).toBe(true);
    expect(can(session('cocina'), 'tables')).toBe(false);
    // The settings and the QR sheet are the managers'.
    expect(pageNeed('/mesas/codigos')).toBe('orderSettings');
    expect(ROLE_CAPABILITIES.mesero).not.toContain('orderSettings');
  });

  it('the waiter has the link in the navigation and opens the page; the cook has neither', async () => {
    const CLIENTE = { 'GET /api/clientes/1': { body: { id: 1, nombre: 'La Cava Demo' } } };
    storeSession({ token: 'waiter-1', clienteId: '1' });
    mockFetch({ ...VALIDATE, ...CLIENTE, 'GET /api/clientes/1/cuentas': { body: tabs() } });
    const first = renderApp('/mesas?cliente_id=1');
    expect(await screen.findByRole('article', { name: 'Mesa 7' }, LAZY)).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Secciones del panel' })[0];
    expect(within(nav).getByRole('link', { name: 'Mesas' })).toHaveAttribute('href', '/mesas?cliente_id=1');
    expect(within(nav).getByRole('link', { name: 'Mesas' })).toHaveAttribute('aria-current', 'page');
    first.unmount();

    storeSession({ token: 'cook-1', clienteId: '1' });
    const { calls } = mockFetch({ 'POST /api/auth/validate': { body: staffInfo('cocina') }, ...CLIENTE, 'GET /api/clientes/1/cuentas': { body: tabs() } });
    renderApp('/mesas?cliente_id=1');
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent('Tu rol (Cocina) no permite abrir esta página.');
    expect(screen.queryByRole('link', { name: 'Mesas' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/cuentas'))).toBe(false);
  });

  it('reads money typed either way', () => {
    expect(textToCents('12,50')).toBe(1250);
    expect(textToCents('12.5')).toBe(1250);
    expect(textToCents('34')).toBe(3400);
    expect(textToCents('abc')).toBeNull();
    expect(textToCents('')).toBeNull();
  });
});
