import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Board, Pedido, TablesSettings } from '../../api/contract';
import { mockFetch, renderApp, resetLanguage, storeSession, type FetchCall } from '../../test/utils';
import { nextStates } from './lib/transitions';

// Orders placed at a table (issue 31) on the kitchen's board, and the 'Mesas y propinas' settings.

const AT = Date.UTC(2025, 2, 14, 18, 30) / 1000;
const LAZY = { timeout: 5000 };
const VALIDATE = { 'POST /api/auth/validate': { body: { cliente_id: 1, merchant_id: 'M1', is_superadmin: false } } };

function pedido(over: Partial<Pedido> & { id: number }): Pedido {
  return {
    cliente_id: 1,
    numero: over.id,
    estado: 'recibido',
    nombre: '',
    telefono: '',
    email: '',
    nota: '',
    recoger_at: AT,
    lo_antes_posible: false,
    subtotal: 1000,
    impuestos: 0,
    detalle_impuestos: [],
    impuestos_incluidos: false,
    total: 1000,
    moneda: 'EUR',
    lineas: [{ nombre: 'Croquetas', cantidad: 1, precio_unitario: 1000, subtotal: 1000, modificadores: [] }],
    pos_estado: 'creado',
    pos_error: '',
    pos_intentos: 1,
    motivo_cancelacion: '',
    reembolso: '',
    reembolso_detalle: {
      estado: '',
      manual: false,
      monto: 0,
      proveedor_id: '',
      codigo: '',
      motivo: '',
      intentos: 0,
      automatico: true,
      sin_automatico: '',
      updated_at: 0,
    },
    visto: true,
    paid_at: AT - 600,
    updated_at: AT - 600,
    created_at: AT - 700,
    restaurante: 'La Tasca',
    mesa: null,
    ...over,
  };
}

function board(pedidos: Pedido[]): Board {
  return {
    dia: '2025-03-14',
    pedidos,
    resumen: { pedidos: pedidos.length, subtotal: 0, impuestos: 0, total: 0, moneda: 'EUR', por_estado: {}, cancelados: 0 },
    config: {
      activo: true,
      preparacion_min: 20,
      horario: [],
      pedidos_por_franja: 0,
      pausado_hasta: 0,
      zona_horaria: 'Europe/Madrid',
      aviso_ambar_min: 0,
      aviso_rojo_min: 0,
      un_toque: false,
    },
  };
}

const MESA7 = { id: 70, numero: 7, nombre: '' };

describe('table orders on the board', () => {
  beforeEach(async () => {
    await resetLanguage();
    storeSession({ token: 'owner-1', clienteId: '1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('the transition table skips the pickup step for a table order only', () => {
    expect(nextStates('en_preparacion', true)).toEqual(['entregado', 'cancelado']);
    expect(nextStates('en_preparacion')).toEqual(['listo', 'cancelado']);
    expect(nextStates('recibido', true)).toEqual(['en_preparacion', 'cancelado']);
  });

  it("shows 'Mesa 7' on a table order, serves it after the kitchen ('Servido'), and leaves pickup cards as they were", async () => {
    let current = board([
      pedido({ id: 1, estado: 'en_preparacion', mesa: MESA7, cuenta_id: 9 }),
      pedido({ id: 2, estado: 'en_preparacion', nombre: 'Ana Pérez', telefono: '555 1234' }),
      pedido({ id: 3, estado: 'entregado', mesa: { id: 80, numero: 8, nombre: 'Terraza 2' } }),
    ]);
    const { calls } = mockFetch({
      ...VALIDATE,
      'GET /api/clientes/1/pedidos': () => ({ body: current }),
      'GET /api/clientes/1/pedidos/eventos': () => new Promise<never>(() => {}),
      'PUT /api/pedidos/1/estado': (call: FetchCall) => {
        const moved = pedido({ id: 1, estado: (call.body as { estado: Pedido['estado'] }).estado, mesa: MESA7, cuenta_id: 9 });
        current = board([moved, ...current.pedidos.slice(1)]);
        return { body: moved };
      },
    });
    renderApp('/pedidos?cliente_id=1');
    const table = await screen.findByRole('article', { name: 'Pedido #1' }, LAZY);
    expect(within(table).getByTestId('order-table')).toHaveTextContent('Mesa 7');
    // No pickup time and no 'Listo para recoger' on a table's order.
    expect(table).not.toHaveTextContent('Recoger a las');
    const names = (el: HTMLElement) => within(el).getAllByRole('button').map((b) => b.textContent);
    expect(names(table)).toEqual(['Servido', 'Cancelar pedido', 'Imprimir ticket']);

    const pickup = screen.getByRole('article', { name: 'Pedido #2' });
    expect(pickup).toHaveTextContent('Para recoger');
    expect(pickup).toHaveTextContent('Recoger a las');
    expect(pickup).toHaveTextContent('Ana Pérez');
    expect(names(pickup)).toEqual(['Listo para recoger', 'Cancelar pedido', 'Imprimir ticket']);

    // A named table shows its name; a served table order is labelled 'Servido', and so is its column.
    const served = screen.getByRole('article', { name: 'Pedido #3' });
    expect(within(served).getByTestId('order-table')).toHaveTextContent('Terraza 2');
    expect(served).toHaveTextContent('Servido');
    expect(within(screen.getByTestId('column-entregado')).getByRole('heading', { level: 2 })).toHaveTextContent('Entregado / Servido');

    await userEvent.setup().click(within(table).getByRole('button', { name: 'Servido' }));
    await waitFor(() => expect(within(screen.getByTestId('column-entregado')).getByRole('article', { name: 'Pedido #1' })).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ cliente_id: 1, estado: 'entregado' });

    // The printed ticket names the table too.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(within(screen.getByRole('article', { name: 'Pedido #1' })).getByRole('button', { name: 'Imprimir ticket' }));
    const ticket = await screen.findByTestId('print-ticket');
    expect(ticket).toHaveTextContent('Mesa 7');
    expect(ticket).toHaveTextContent('Servido');
    expect(ticket).not.toHaveTextContent('Recoger a las');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });
});

const TABLES: TablesSettings = {
  mesas: [
    { id: 1, numero: 1, nombre: '', codigo: 'aaa', url: 'https://carta.example/mesa/1/aaa' },
    { id: 2, numero: 2, nombre: 'Terraza', codigo: 'bbb', url: 'https://carta.example/mesa/1/bbb' },
  ],
  modo: 'por_pedido',
  propinas: { activo: false, porcentajes: [], defecto: 0 },
  recoger_activo: true,
};

const CONFIG = {
  activo: true,
  preparacion_min: 20,
  pedidos_por_franja: 0,
  pausado_hasta: 0,
  zona_horaria: 'Europe/Madrid',
  aviso_ambar_min: 0,
  aviso_rojo_min: 0,
  un_toque: false,
  horario: [],
};

describe("'Mesas y propinas' settings", () => {
  beforeEach(async () => {
    await resetLanguage();
    storeSession({ token: 'owner-1', clienteId: '1' });
  });

  function routes(put: (call: FetchCall) => { status?: number; body: unknown } = (call) => ({ body: { ...TABLES, ...(call.body as object) } })) {
    return mockFetch({
      ...VALIDATE,
      'GET /api/clientes/1/pedidos/config': { body: CONFIG },
      'GET /api/clientes/1/mesas': { body: TABLES },
      'PUT /api/clientes/1/mesas': put,
    });
  }

  it('saves the whole list, the mode, the tips with the suggested one, and pickup', async () => {
    const { calls } = routes((call) => {
      const body = call.body as { mesas: { numero: number; nombre: string }[] };
      return {
        body: { ...TABLES, ...(call.body as object), mesas: body.mesas.map((m, i) => ({ id: i + 1, ...m, codigo: `c${i}`, url: `https://carta.example/mesa/1/c${i}` })) },
      };
    });
    renderApp('/pedidos/ajustes?cliente_id=1');
    const section = await screen.findByRole('region', { name: 'Mesas y propinas' }, LAZY);
    await within(section).findAllByTestId('table-row');
    const user = userEvent.setup();
    expect(within(section).getByLabelText('Mesa 2: nombre')).toHaveValue('Terraza');

    // 'Crear mesas 1 a N' adds the missing numbers and keeps the names.
    fireEvent.change(within(section).getByLabelText('Número de mesas'), { target: { value: '4' } });
    await user.click(within(section).getByRole('button', { name: 'Crear mesas 1 a 4' }));
    expect(within(section).getAllByTestId('table-row')).toHaveLength(4);
    await user.click(within(section).getByRole('button', { name: 'Agregar mesa' }));
    expect(within(section).getByLabelText('Mesa 5: número')).toHaveValue(5);
    await user.type(within(section).getByLabelText('Mesa 5: nombre'), 'Barra');
    await user.click(within(section).getByRole('button', { name: 'Quitar la mesa 1' }));

    await user.click(within(section).getByLabelText(/^Pago al final/));
    await user.click(within(section).getByLabelText('Ofrecer propina al pagar'));
    expect(within(section).getByLabelText('Porcentaje 1 (%)')).toHaveValue(10);
    fireEvent.change(within(section).getByLabelText('Porcentaje 3 (%)'), { target: { value: '18' } });
    await user.click(within(section).getAllByLabelText('Sugerida')[2]);
    await user.click(within(section).getByLabelText('Seguir aceptando pedidos para recoger'));
    await user.click(within(section).getByRole('button', { name: 'Guardar mesas y propinas' }));

    expect(await within(section).findByText('Mesas y propinas guardadas.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT' && c.url.includes('/mesas'));
    expect(put?.body).toEqual({
      mesas: [
        { numero: 2, nombre: 'Terraza' },
        { numero: 3, nombre: '' },
        { numero: 4, nombre: '' },
        { numero: 5, nombre: 'Barra' },
      ],
      modo: 'al_final',
      propinas: { activo: true, porcentajes: [10, 15, 18], defecto: 18 },
      recoger_activo: false,
    });
    // The ordering settings were not sent.
    expect(calls.some((c) => c.method === 'PUT' && c.url.includes('/pedidos/config'))).toBe(false);
  });

  it('refuses two tables with one number, and shows the server’s refusal', async () => {
    const { calls } = routes(() => ({ status: 400, body: { error: 'El nombre de la mesa es demasiado largo.' } }));
    renderApp('/pedidos/ajustes?cliente_id=1');
    const section = await screen.findByRole('region', { name: 'Mesas y propinas' }, LAZY);
    const user = userEvent.setup();
    fireEvent.change(await within(section).findByLabelText('Mesa 2: número'), { target: { value: '1' } });
    await user.click(within(section).getByRole('button', { name: 'Guardar mesas y propinas' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Dos mesas tienen el mismo número.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(section).getByLabelText('Mesa 2: número'), { target: { value: '2' } });
    await user.click(within(section).getByRole('button', { name: 'Guardar mesas y propinas' }));
    await waitFor(() => expect(within(section).getByRole('alert')).toHaveTextContent('El nombre de la mesa es demasiado largo.'));
  });
});
