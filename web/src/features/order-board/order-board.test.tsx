import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import type { Board, Pedido } from '../../api/contract';
import { mockFetch, renderApp, resetLanguage, staffInfo, storeSession, type FetchCall } from '../../test/utils';
import { useNow } from '../../lib/age';
import { OrderCard } from './components/OrderCard';
import { OrderLines } from './components/OrderDetails';
import { alertSound } from './lib/alert-sound';
import { lateness, thresholds } from './lib/card-age';
import { PAUSE_PRESETS_MIN, restOfDay, untilClock } from './lib/pause-presets';

// 2025-03-14 18:30 UTC = 14:30 in New York (EDT).
const PICKUP = Date.UTC(2025, 2, 14, 18, 30) / 1000;

/** A payment the provider can refund, no refund asked yet. */
const NO_REFUND: Pedido['reembolso_detalle'] = {
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
};

function pedido(over: Partial<Pedido> & { id: number }): Pedido {
  return {
    cliente_id: 1,
    numero: over.id,
    estado: 'recibido',
    nombre: 'Ana Pérez',
    telefono: '555 1234',
    email: 'ana@example.com',
    nota: '',
    recoger_at: PICKUP,
    lo_antes_posible: false,
    subtotal: 9000,
    impuestos: 743,
    detalle_impuestos: [],
    impuestos_incluidos: false,
    total: 9743,
    moneda: 'USD',
    lineas: [
      {
        nombre: 'Chuletón de Res',
        cantidad: 2,
        precio_unitario: 4500,
        subtotal: 9000,
        modificadores: [
          { id: 'm1', name: 'Al punto', price: 0, group_id: 'g1', group_name: 'Término' },
          { id: 'm2', name: 'Patatas fritas', price: 0, group_id: 'g2', group_name: 'Guarnición' },
        ],
      },
    ],
    pos_estado: 'creado',
    pos_error: '',
    pos_intentos: 1,
    motivo_cancelacion: '',
    reembolso: '',
    reembolso_detalle: NO_REFUND,
    visto: true,
    paid_at: PICKUP - 1200,
    updated_at: PICKUP - 1200,
    created_at: PICKUP - 1300,
    restaurante: 'La Tasca',
    ...over,
  };
}

function board(pedidos: Pedido[], config: Partial<Board['config']> = {}): Board {
  return {
    dia: '2025-03-14',
    pedidos,
    resumen: {
      pedidos: pedidos.filter((p) => p.estado !== 'cancelado').length,
      subtotal: 0,
      impuestos: 0,
      total: pedidos.filter((p) => p.estado !== 'cancelado').reduce((s, p) => s + p.total, 0),
      moneda: 'USD',
      por_estado: {},
      cancelados: pedidos.filter((p) => p.estado === 'cancelado').length,
    },
    config: {
      activo: true,
      preparacion_min: 20,
      horario: [],
      pedidos_por_franja: 0,
      pausado_hasta: 0,
      zona_horaria: 'America/New_York',
      aviso_ambar_min: 0,
      aviso_rojo_min: 0,
      un_toque: true, // the server's default: one tap accepts and starts
      ...config,
    },
  };
}

/** A Server-Sent Events stream the test writes to: each connection gets a fresh one. */
function sseServer() {
  const encoder = new TextEncoder();
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  return {
    connect: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            streams.push(c);
          },
        }),
        { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
      ),
    send(event: string, data: string) {
      streams[streams.length - 1].enqueue(encoder.encode(`event: ${event}\ndata: ${data}\n\n`));
    },
    get connections() {
      return streams.length;
    },
    close() {
      for (const c of streams) {
        try {
          c.close();
        } catch {
          // already closed
        }
      }
    },
  };
}

/** The first look after renderApp waits for the lazy route's chunk too. */
const LAZY = { timeout: 5000 };

const VALIDATE = { 'POST /api/auth/validate': { body: { cliente_id: 1, merchant_id: 'M1', is_superadmin: false } } };

describe('order board', () => {
  let sse: ReturnType<typeof sseServer>;
  beforeEach(async () => {
    await resetLanguage();
    sse = sseServer();
    storeSession({ token: 'owner-1', clienteId: '1' });
  });
  afterEach(() => {
    sse.close();
    vi.restoreAllMocks();
  });

  function routes(current: () => Board, extra: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
    return mockFetch({
      ...VALIDATE,
      'GET /api/clientes/1/pedidos': () => ({ body: current() }),
      'GET /api/clientes/1/pedidos/eventos': () => sse.connect(),
      ...extra,
    });
  }

  it('groups the orders by status with who, when, what and the total', async () => {
    routes(() =>
      board([
        pedido({ id: 1, nota: 'Sin sal, por favor', lo_antes_posible: true }),
        pedido({ id: 2, estado: 'en_preparacion' }),
        pedido({ id: 3, estado: 'listo' }),
        pedido({ id: 4, estado: 'cancelado', motivo_cancelacion: 'Sin existencias', reembolso: 'pendiente' }),
      ]),
    );
    renderApp('/pedidos?cliente_id=1');
    const recibido = await screen.findByTestId('column-recibido', {}, LAZY);
    const card = within(recibido).getByRole('article', { name: 'Pedido #1' });
    expect(card).toHaveTextContent(/Recoger a las 2:30\sp\.\s?m\./);
    expect(card).toHaveTextContent('lo antes posible');
    expect(card).toHaveTextContent('Ana Pérez');
    expect(within(card).getByRole('link', { name: '555 1234' })).toHaveAttribute('href', 'tel:5551234');
    expect(card).toHaveTextContent('2 × Chuletón de Res');
    expect(card).toHaveTextContent('Término: Al punto');
    expect(card).toHaveTextContent('Guarnición: Patatas fritas');
    expect(card).toHaveTextContent('Nota: Sin sal, por favor');
    expect(card).toHaveTextContent('Total$97.43');
    expect(within(screen.getByTestId('column-en_preparacion')).getByRole('article', { name: 'Pedido #2' })).toBeInTheDocument();
    expect(within(screen.getByTestId('column-listo')).getByRole('article', { name: 'Pedido #3' })).toBeInTheDocument();
    const cancelled = within(screen.getByTestId('column-cancelado')).getByRole('article', { name: 'Pedido #4' });
    expect(cancelled).toHaveTextContent('Motivo de la cancelación: Sin existencias');
    expect(cancelled).toHaveTextContent('Reembolso pendiente: $97.43.');
    expect(within(cancelled).getByRole('button', { name: 'Reembolsar $97.43 — Pedido #4' })).toBeInTheDocument();
    // The provider can refund it: no manual mark offered.
    expect(within(cancelled).queryByRole('button', { name: /Marcar como reembolsado/ })).toBeNull();
    // Today's count and total leave the cancelled order out.
    expect(screen.getByTestId('summary-count')).toHaveTextContent('3');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$292.29');
    expect(screen.getByText('Entregados y cancelados (1)')).toBeInTheDocument();
  });

  it('offers only the legal next moves and sends the chosen one', async () => {
    let current = board([pedido({ id: 1 }), pedido({ id: 3, estado: 'listo' }), pedido({ id: 5, estado: 'entregado' })]);
    const { calls } = routes(() => current, {
      'PUT /api/pedidos/1/estado': (call: FetchCall) => {
        const moved = pedido({ id: 1, estado: (call.body as { estado: Pedido['estado'] }).estado });
        current = board([moved, ...current.pedidos.slice(1)]);
        return { body: moved };
      },
    });
    renderApp('/pedidos?cliente_id=1');
    const received = await screen.findByRole('article', { name: 'Pedido #1' }, LAZY);
    const names = (el: HTMLElement) => within(el).getAllByRole('button').map((b) => b.textContent);
    expect(names(received)).toEqual(['Empezar preparación', 'Cancelar pedido', 'Imprimir ticket']);
    expect(names(screen.getByRole('article', { name: 'Pedido #3' }))).toEqual(['Entregado', 'Cancelar pedido', 'Imprimir ticket']);
    expect(names(screen.getByRole('article', { name: 'Pedido #5' }))).toEqual(['Imprimir ticket']);

    await userEvent.setup().click(within(received).getByRole('button', { name: 'Empezar preparación' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('column-en_preparacion')).getByRole('article', { name: 'Pedido #1' })).toBeInTheDocument(),
    );
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ cliente_id: 1, estado: 'en_preparacion' });
    expect(put?.headers.Authorization).toBe('Bearer owner-1');
    expect(names(screen.getByRole('article', { name: 'Pedido #1' }))).toEqual(['Listo para recoger', 'Cancelar pedido', 'Imprimir ticket']);
  });

  it('cancelling asks for a reason and refunds the payment in the same click', async () => {
    let current = board([pedido({ id: 1, estado: 'en_preparacion' })]);
    const { calls } = routes(() => current, {
      'PUT /api/pedidos/1/estado': (call: FetchCall) => {
        const body = call.body as { motivo: string };
        const moved = pedido({
          id: 1,
          estado: 'cancelado',
          motivo_cancelacion: body.motivo,
          reembolso: 'reembolsado',
          reembolso_detalle: { ...NO_REFUND, estado: 'reembolsado', monto: 9743, proveedor_id: 'T6WW3H5DHHWN4', intentos: 1 },
        });
        current = board([moved]);
        return { body: moved };
      },
    });
    renderApp('/pedidos?cliente_id=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }, LAZY));
    const dialog = screen.getByRole('dialog', { name: 'Cancelar el pedido #1' });
    expect(dialog).toHaveAccessibleDescription('Al cancelar, se reembolsarán $97.43 a la tarjeta del cliente. El cliente recibirá un correo con el motivo.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Escribe el motivo de la cancelación.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(within(dialog).getByLabelText('Motivo de la cancelación'), 'Se acabó el chuletón');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ cliente_id: 1, estado: 'cancelado', motivo: 'Se acabó el chuletón' });
    expect(await screen.findByText('Pedido #1 cancelado y reembolsado ($97.43).')).toHaveAttribute('role', 'status');
    const card = await within(screen.getByTestId('column-cancelado')).findByRole('article', { name: 'Pedido #1' });
    expect(within(card).getByTestId('refund-state')).toHaveTextContent('Reembolsado: $97.43 devueltos a la tarjeta del cliente.N.º de reembolso: T6WW3H5DHHWN4');
    expect(within(card).queryByRole('button', { name: /Reembolsar|Marcar/ })).toBeNull();
  });

  it('where the provider cannot refund, the dialog and the card say so and offer the manual mark', async () => {
    const manualOnly = { ...NO_REFUND, automatico: false, sin_automatico: 'otro_proveedor' as const };
    let current = board([
      pedido({ id: 1, reembolso_detalle: manualOnly }),
      pedido({ id: 2, estado: 'cancelado', motivo_cancelacion: 'Cerramos', reembolso: 'pendiente', reembolso_detalle: manualOnly }),
    ]);
    const { calls } = routes(() => current, {
      'POST /api/pedidos/2/reembolso': () => {
        const done = pedido({
          id: 2,
          estado: 'cancelado',
          motivo_cancelacion: 'Cerramos',
          reembolso: 'reembolsado',
          reembolso_detalle: { ...manualOnly, estado: 'reembolsado', manual: true, monto: 9743 },
        });
        current = board([current.pedidos[0], done]);
        return { body: done };
      },
    });
    renderApp('/pedidos?cliente_id=1');
    const user = userEvent.setup();
    const open = await screen.findByRole('article', { name: 'Pedido #1' }, LAZY);
    await user.click(within(open).getByRole('button', { name: 'Cancelar pedido' }));
    expect(screen.getByRole('dialog', { name: 'Cancelar el pedido #1' })).toHaveAccessibleDescription(/quedará marcado para reembolso/);
    await user.click(screen.getByRole('button', { name: 'Volver' }));

    const cancelled = within(screen.getByTestId('column-cancelado')).getByRole('article', { name: 'Pedido #2' });
    expect(within(cancelled).getByTestId('refund-state')).toHaveTextContent(
      'Reembolso pendiente: $97.43.Este pago lo cobró otro proveedor de pagos. Reembólsalo en el panel de tu proveedor de pagos y márcalo aquí.',
    );
    expect(within(cancelled).queryByRole('button', { name: /Reembolsar/ })).toBeNull();
    await user.click(within(cancelled).getByRole('button', { name: 'Marcar como reembolsado — Pedido #2' }));
    await waitFor(() => expect(within(cancelled).getByTestId('refund-state')).toHaveTextContent('Marcado como reembolsado a mano.'));
    expect(calls.find((c) => c.url === '/api/pedidos/2/reembolso')?.body).toEqual({ cliente_id: 1 });
  });

  it("a refund that failed shows the provider's reason, and 'Reintentar' refunds it", async () => {
    const failed = { ...NO_REFUND, estado: 'fallido' as const, codigo: 'rechazado', motivo: 'Balance too low. (insufficient_funds)', intentos: 1, monto: 9743 };
    let current = board([pedido({ id: 3, estado: 'cancelado', motivo_cancelacion: 'Cerramos', reembolso: 'pendiente', reembolso_detalle: failed })]);
    const { calls } = routes(() => current, {
      'POST /api/pedidos/3/reembolsar': () => {
        const done = pedido({
          id: 3,
          estado: 'cancelado',
          motivo_cancelacion: 'Cerramos',
          reembolso: 'reembolsado',
          reembolso_detalle: { ...NO_REFUND, estado: 'reembolsado', monto: 9743, proveedor_id: 'R2', intentos: 1 },
        });
        current = board([done]);
        return { body: done };
      },
    });
    renderApp('/pedidos?cliente_id=1');
    const card = within(await screen.findByTestId('column-cancelado', {}, LAZY)).getByRole('article', { name: 'Pedido #3' });
    const state = within(card).getByTestId('refund-state');
    expect(state).toHaveTextContent('El reembolso de $97.43 falló.El proveedor de pagos lo rechazó.Motivo del proveedor: Balance too low. (insufficient_funds)');
    expect(within(state).getByRole('button', { name: 'Marcar como reembolsado — Pedido #3' })).toBeInTheDocument();
    await userEvent.setup().click(within(state).getByRole('button', { name: 'Reintentar el reembolso — Pedido #3' }));
    await waitFor(() => expect(within(card).getByTestId('refund-state')).toHaveTextContent('Reembolsado: $97.43'));
    expect(calls.find((c) => c.url === '/api/pedidos/3/reembolsar')?.body).toEqual({ cliente_id: 1 });
  });

  it('with the two steps chosen, a new order keeps alerting until someone presses Visto', async () => {
    const play = vi.spyOn(alertSound, 'play').mockImplementation(() => {});
    const twoSteps = { un_toque: false };
    let current = board([pedido({ id: 7, visto: false })], twoSteps);
    const { calls } = routes(() => current, {
      'POST /api/pedidos/7/visto': () => {
        current = board([pedido({ id: 7, visto: true })], twoSteps);
        return { body: { id: 7, visto: true } };
      },
    });
    renderApp('/pedidos?cliente_id=1');
    const card = await screen.findByRole('article', { name: 'Pedido #7' }, LAZY);
    expect(card).toHaveClass('order-card--new');
    expect(within(card).getByText('Nuevo')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('¡1 pedido nuevo!');
    expect(play).toHaveBeenCalled();
    expect(document.title).toBe('(1) Pedidos en línea');

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Visto: pedido #7' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Pedido #7' })).not.toHaveClass('order-card--new'));
    expect(calls.find((c) => c.url === '/api/pedidos/7/visto')?.body).toEqual({ cliente_id: 1 });
    expect(screen.queryByText(/pedido nuevo/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Visto/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Pedidos en línea');
  });

  it('by default a new order is accepted and started in one tap, which stops its alert', async () => {
    const play = vi.spyOn(alertSound, 'play').mockImplementation(() => {});
    let current = board([pedido({ id: 8, visto: false })]);
    const { calls } = routes(() => current, {
      'PUT /api/pedidos/8/estado': () => {
        const started = pedido({ id: 8, visto: true, estado: 'en_preparacion' });
        current = board([started]);
        return { body: started };
      },
    });
    renderApp('/pedidos?cliente_id=1');
    const card = await screen.findByRole('article', { name: 'Pedido #8' }, LAZY);
    expect(card).toHaveClass('order-card--new');
    expect(screen.getByRole('alert')).toHaveTextContent('¡1 pedido nuevo! Pulsa «Aceptar e iniciar» para empezarlo.');
    expect(play).toHaveBeenCalled();
    expect(within(card).queryByRole('button', { name: /Visto/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Empezar preparación' })).not.toBeInTheDocument();

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Aceptar e iniciar el pedido #8' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('column-en_preparacion')).getByRole('article', { name: 'Pedido #8' })).not.toHaveClass('order-card--new'),
    );
    // One request: no separate 'visto'.
    expect(calls.filter((c) => c.url.startsWith('/api/pedidos/8/')).map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/pedidos/8/estado', { cliente_id: 1, estado: 'en_preparacion' }],
    ]);
    expect(screen.queryByText(/pedido nuevo/)).not.toBeInTheDocument();
    expect(document.title).toBe('Pedidos en línea');
  });

  it('a paid order pushed on the stream appears without a reload, and beeps', async () => {
    const play = vi.spyOn(alertSound, 'play').mockImplementation(() => {});
    let current = board([]);
    const { calls } = routes(() => current);
    renderApp('/pedidos?cliente_id=1');
    expect(await screen.findByText('Pedidos de hoy', {}, LAZY)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('En vivo')).toBeInTheDocument());
    const stream = calls.find((c) => c.url === '/api/clientes/1/pedidos/eventos');
    expect(stream?.headers.Authorization).toBe('Bearer owner-1');
    expect(stream?.headers.Accept).toBe('text/event-stream');
    expect(play).not.toHaveBeenCalled();

    current = board([pedido({ id: 9, visto: false, nombre: 'Luis Gómez' })]);
    sse.send('pedido', '{"id":12,"pedido_id":9,"estado":"recibido"}');
    const card = await screen.findByRole('article', { name: 'Pedido #9' });
    expect(card).toHaveTextContent('Luis Gómez');
    expect(card).toHaveClass('order-card--new');
    expect(play).toHaveBeenCalled();
    expect(sse.connections).toBe(1);
  });

  it('flags an order the POS did not take, with a retry', async () => {
    const { calls } = routes(() => board([pedido({ id: 2, pos_estado: 'error', pos_error: 'Clover no respondió' })]), {
      'POST /api/pedidos/2/pos': { body: { id: 2, message: 'Reintentando enviar el pedido al punto de venta.' } },
    });
    renderApp('/pedidos?cliente_id=1');
    const flag = await screen.findByTestId('pos-error', {}, LAZY);
    expect(flag).toHaveTextContent('No se pudo enviar al punto de venta. Clover no respondió');
    await userEvent.setup().click(within(flag).getByRole('button', { name: 'Reintentar envío' }));
    expect(await screen.findByText('Reintentando enviar el pedido al punto de venta.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/pedidos/2/pos')?.method).toBe('POST');
  });

  it("tells where a cancelled order's copy in the point of sale stands", async () => {
    const cancelled = { estado: 'cancelado' as const, motivo_cancelacion: 'Sin existencias', reembolso: 'pendiente' as const };
    routes(() =>
      board([
        pedido({ id: 1, ...cancelled, pos_estado: 'anular' }),
        pedido({ id: 2, ...cancelled, pos_estado: 'anular', pos_error: 'Clover no respondió' }),
        pedido({ id: 3, ...cancelled, pos_estado: 'anulado' }),
        pedido({ id: 4, ...cancelled, pos_estado: 'no_anulado', pos_error: 'Order cannot be deleted' }),
        pedido({ id: 5, ...cancelled, pos_estado: '' }),
      ]),
    );
    renderApp('/pedidos?cliente_id=1');
    const column = await screen.findByTestId('column-cancelado', {}, LAZY);
    const flag = (n: number) => within(within(column).getByRole('article', { name: `Pedido #${n}` })).queryByTestId('pos-cancel');
    expect(flag(1)).toHaveTextContent('Anulándolo en el punto de venta...');
    expect(flag(2)).toHaveTextContent('No se pudo anular en el punto de venta; se reintentará. Clover no respondió');
    expect(flag(3)).toHaveTextContent('Anulado también en el punto de venta.');
    expect(flag(4)).toHaveTextContent('El punto de venta no permitió anularlo: anúlalo allí. Order cannot be deleted');
    // A restaurant without a POS: nothing to say.
    expect(flag(5)).toBeNull();
  });

  it('pauses orders from the board through the kitchen\'s pause route (only the pause changes)', async () => {
    const current = board([]);
    const { calls } = routes(() => current, {
      'PUT /api/clientes/1/pedidos/pausa': (call: FetchCall) => ({
        body: { ...current.config, pausado_hasta: (call.body as { pausado_hasta: number }).pausado_hasta },
      }),
    });
    renderApp('/pedidos?cliente_id=1');
    const before = Math.floor(Date.now() / 1000);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pausar pedidos 30 minutos' }, LAZY));
    expect(await screen.findByText(/Pedidos pausados hasta las/)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/clientes/1/pedidos/pausa');
    const body = put?.body as { pausado_hasta: number };
    expect(body.pausado_hasta).toBeGreaterThanOrEqual(before + 1800);
    expect(Object.keys(body)).toEqual(['pausado_hasta']);
    expect(screen.getByRole('button', { name: 'Reanudar pedidos' })).toBeInTheDocument();
  });

  it.each([
    ['propietario', true, true],
    ['gerente', true, true],
    ['cocina', true, false],
    ['mesero', false, false],
  ] as const)('a %s sees the pause: %s; cancel, refund and the settings: %s', async (rol, pause, manage) => {
    const cancelled = { estado: 'cancelado' as const, reembolso: 'pendiente' as const };
    routes(() => board([pedido({ id: 1 }), pedido({ id: 2, ...cancelled })]), {
      'POST /api/auth/validate': { body: staffInfo(rol) },
      'GET /api/clientes/1': { body: { id: 1, nombre: 'La Cava Demo' } },
    });
    renderApp('/pedidos?cliente_id=1');
    const card = await screen.findByRole('article', { name: 'Pedido #1' }, LAZY);
    expect(!!within(card).queryByRole('button', { name: 'Cancelar pedido' })).toBe(manage);
    expect(screen.queryAllByRole('button', { name: /Reembolsar|Marcar como reembolsado/ }).length > 0).toBe(manage);
    const toolbar = document.querySelector<HTMLElement>('.board-toolbar')!;
    expect(!!within(toolbar).queryByRole('link', { name: 'Ajustes de pedidos' })).toBe(manage);
    expect(!!screen.queryByRole('group', { name: 'Pausar pedidos' })).toBe(pause);
    // Every role moves an order along.
    expect(within(card).getByRole('button', { name: 'Empezar preparación' })).toBeInTheDocument();
  });

  it("another restaurant's owner is told they may not see it", async () => {
    mockFetch({
      ...VALIDATE,
      'GET /api/clientes/2/pedidos': { status: 403, body: { error: 'No tienes acceso a este restaurante.' } },
      'GET /api/clientes/2/pedidos/eventos': { status: 403, body: { error: 'No tienes acceso a este restaurante.' } },
    });
    renderApp('/pedidos?cliente_id=2');
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent('No tienes permiso para ver este restaurante.');
    expect(screen.queryByTestId('column-recibido')).not.toBeInTheDocument();
  });

  it('prints one ticket', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    routes(() => board([pedido({ id: 1 })]));
    renderApp('/pedidos?cliente_id=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Imprimir ticket' }, LAZY));
    const ticket = await screen.findByTestId('print-ticket');
    expect(ticket).toHaveTextContent('La Tasca');
    expect(ticket).toHaveTextContent('Pedido #1');
    expect(ticket.parentElement).toBe(document.body);
    expect(print).toHaveBeenCalledTimes(1);
  });
});

/** One card on the board's one ticking clock (useNow), as OrderBoard renders it. */
function TickingCard({ p, config }: { p: Pedido; config: Parameters<typeof OrderCard>[0]['config'] }) {
  const now = useNow();
  return (
    <ul>
      <OrderCard clienteId="1" pedido={p} zone="America/New_York" config={config} now={now} onChanged={() => {}} onPrint={() => {}} onNotice={() => {}} />
    </ul>
  );
}

const AUTO = { aviso_ambar_min: 0, aviso_rojo_min: 0, preparacion_min: 20, un_toque: true };

describe("the kitchen card's time (issue 27, item 3)", () => {
  beforeEach(async () => {
    await resetLanguage();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows when it was paid and a live age that turns amber, then red (Retrasado), on a fake clock', async () => {
    vi.useFakeTimers();
    const paid = PICKUP - 1200; // 14:10 in New York
    vi.setSystemTime((paid + 7 * 60) * 1000);
    const p = pedido({ id: 9, paid_at: paid });
    render(<TickingCard p={p} config={AUTO} />);
    const card = screen.getByRole('article', { name: 'Pedido #9' });
    const age = within(card).getByTestId('order-age');
    expect(age).toHaveTextContent(/Pagado a las 2:10\sp\.\s?m\./);
    expect(age).toHaveTextContent('hace 7 min');
    expect(card).toHaveAttribute('data-late', 'ok');
    expect(within(card).queryByTestId('order-late')).not.toBeInTheDocument();

    // 20 minutes (the preparation time): amber, said in words too.
    act(() => void vi.advanceTimersByTime(13 * 60_000));
    expect(age).toHaveTextContent('hace 20 min');
    expect(card).toHaveClass('order-card--ambar');
    expect(within(card).getByTestId('order-late')).toHaveTextContent('Por retrasarse');

    // Twice the preparation time: red, 'Retrasado'.
    act(() => void vi.advanceTimersByTime(20 * 60_000));
    expect(age).toHaveTextContent('hace 40 min');
    expect(card).toHaveClass('order-card--rojo');
    expect(card).toHaveAttribute('data-late', 'rojo');
    expect(within(card).getByTestId('order-late')).toHaveTextContent('Retrasado');

    // Past the hour, and in English.
    act(() => void vi.advanceTimersByTime(25 * 60_000));
    await act(() => i18next.changeLanguage('en'));
    expect(age).toHaveTextContent('1 h 05 min ago');
    expect(within(card).getByTestId('order-late')).toHaveTextContent('Late');
  });

  it("follows the owner's thresholds, and a ready order is never late", () => {
    vi.useFakeTimers();
    const paid = PICKUP - 1200;
    vi.setSystemTime((paid + 12 * 60) * 1000);
    const owner = { ...AUTO, aviso_ambar_min: 5, aviso_rojo_min: 10 };
    const { unmount } = render(<TickingCard p={pedido({ id: 10, paid_at: paid, estado: 'en_preparacion' })} config={owner} />);
    expect(screen.getByRole('article', { name: 'Pedido #10' })).toHaveAttribute('data-late', 'rojo');
    unmount();
    render(<TickingCard p={pedido({ id: 11, paid_at: paid, estado: 'listo' })} config={owner} />);
    expect(screen.getByRole('article', { name: 'Pedido #11' })).toHaveAttribute('data-late', 'ok');
    expect(thresholds(AUTO)).toEqual({ ambar: 20, rojo: 40 });
    expect(thresholds({ ...AUTO, preparacion_min: 0 })).toEqual({ ambar: 5, rojo: 10 });
    expect(lateness('recibido', paid, paid + 4 * 60, { ambar: 5, rojo: 10 })).toBe('ok');
    expect(lateness('recibido', paid, paid + 5 * 60, { ambar: 5, rojo: 10 })).toBe('ambar');
  });

  it("one tap: 'Aceptar e iniciar' acknowledges a new order and starts it", async () => {
    const { calls } = mockFetch({
      'PUT /api/pedidos/12/estado': () => ({ body: pedido({ id: 12, estado: 'en_preparacion', visto: true }) }),
    });
    const onChanged = vi.fn();
    render(
      <ul>
        <OrderCard
          clienteId="1"
          pedido={pedido({ id: 12, visto: false })}
          zone="America/New_York"
          config={AUTO}
          now={PICKUP}
          onChanged={onChanged}
          onPrint={() => {}}
          onNotice={() => {}}
        />
      </ul>,
    );
    expect(screen.queryByRole('button', { name: 'Visto: pedido #12' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empezar preparación' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Aceptar e iniciar el pedido #12' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ id: 12, estado: 'en_preparacion', visto: true })));
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ cliente_id: 1, estado: 'en_preparacion' });
  });

  it('keeps the two steps when one tap is off', () => {
    render(
      <ul>
        <OrderCard clienteId="1" pedido={pedido({ id: 13, visto: false })} zone="America/New_York" config={{ ...AUTO, un_toque: false }} now={PICKUP} onChanged={() => {}} onPrint={() => {}} onNotice={() => {}} />
      </ul>,
    );
    expect(screen.getByRole('button', { name: 'Visto: pedido #13' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Empezar preparación' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Aceptar e iniciar/ })).not.toBeInTheDocument();
  });
});

describe('pause presets (issue 27, item 9)', () => {
  // Friday 14 March 2025, 14:30 in New York; open 11:00–22:00.
  const horario = [{ dia: 5, abre: '11:00', cierra: '22:00' }];
  it("'resto del día' pauses until closing, or the end of the day when closed", () => {
    expect(restOfDay(PICKUP, 'America/New_York', horario)).toBe(Date.UTC(2025, 2, 15, 2, 0) / 1000); // 22:00 EDT
    expect(restOfDay(PICKUP, 'America/New_York', [])).toBe(Date.UTC(2025, 2, 15, 4, 0) / 1000); // midnight EDT
    expect(restOfDay(PICKUP, 'America/New_York', [{ dia: 5, abre: '00:00', cierra: '24:00' }])).toBe(Date.UTC(2025, 2, 15, 4, 0) / 1000);
  });
  it('a custom time is today, or tomorrow once passed', () => {
    expect(untilClock(PICKUP, 'America/New_York', '16:00')).toBe(Date.UTC(2025, 2, 14, 20, 0) / 1000);
    expect(untilClock(PICKUP, 'America/New_York', '09:00')).toBe(Date.UTC(2025, 2, 15, 13, 0) / 1000);
    expect(untilClock(PICKUP, 'America/New_York', '')).toBeNull();
    expect(PAUSE_PRESETS_MIN).toEqual([30, 60]);
  });
});

describe("an order's totals on the card and the printed ticket", () => {
  it('adds the taxes on top (US style), or shows the total with "IVA incluido" per rate (a VAT restaurant)', () => {
    const { unmount } = render(<OrderLines pedido={pedido({ id: 20 })} />);
    expect(screen.getByText('Subtotal')).toBeInTheDocument();
    expect(screen.getByText('Impuestos')).toBeInTheDocument();
    expect(screen.queryByTestId('tax-included')).toBeNull();
    unmount();

    // Prices include a 10 % VAT (Clover's scale: 1,000,000): 19.00 € of which 1.73 € is tax.
    const vat = pedido({
      id: 21,
      moneda: 'EUR',
      subtotal: 1900,
      impuestos: 173,
      total: 1900,
      impuestos_incluidos: true,
      detalle_impuestos: [
        { id: 'iva10', name: 'IVA', rate: 1_000_000, amount: 173 },
        { id: 'iva0', name: 'Exento', rate: 0, amount: 0 },
      ],
    });
    render(<OrderLines pedido={vat} />);
    expect(screen.queryByText('Subtotal')).toBeNull();
    expect(screen.queryByText('Impuestos')).toBeNull();
    // A 0 % rate holds nothing and is not listed.
    const included = screen.getAllByTestId('tax-included');
    expect(included).toHaveLength(1);
    expect(included[0]).toHaveTextContent(/^IVA incluido \(10\s%\)/);
    expect(included[0]).toHaveTextContent(/1[.,]73/);
  });
});
