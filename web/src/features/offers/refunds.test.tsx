import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderRefund, RefundStatus } from '../../api/contract';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../../test/utils';
import type { Refund } from './api/fees-api';

const owedDetail: RefundStatus = {
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

const pending: Refund = {
  compra_id: 41,
  cliente_id: 1,
  restaurante: 'La Cava Demo',
  email: 'tarde@example.com',
  descripcion: '2x1 en tapas',
  total: 2000,
  moneda: 'EUR',
  motivo: 'agotado',
  payment_id: 'PAY-41',
  reembolso: 'pendiente',
  paid_at: 1_800_000_000,
  reembolsado_at: 0,
  reembolso_detalle: owedDetail,
};

const order: OrderRefund = {
  pedido_id: 71,
  cliente_id: 1,
  restaurante: 'La Cava Demo',
  numero: 12,
  email: 'guest@example.com',
  total: 9743,
  moneda: 'USD',
  motivo: 'Se acabó el chuletón',
  payment_id: 'PAY-71',
  reembolso: 'pendiente',
  paid_at: 1_800_000_000,
  reembolsado_at: 0,
  reembolso_detalle: { ...owedDetail, estado: 'fallido', codigo: 'sin_respuesta', motivo: 'clover: refund: i/o timeout', intentos: 6 },
};

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await resetLanguage();
});

function admin(routes: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: null, merchant_id: null, is_superadmin: true } },
    'GET /api/admin/fees': { body: [] },
    'GET /api/admin/outbox': { body: [] },
    'GET /api/admin/pedidos/reembolsos': { body: [] },
    ...routes,
  });
  storeSession({ superadmin: true });
  renderApp('/super-admin');
  return mock;
}

describe('super admin: payments to refund', () => {
  it('refunds a coupon payment through the provider in one click', async () => {
    let refunded = false;
    const { calls } = admin({
      'GET /api/admin/reembolsos': () => ({
        body: [
          refunded
            ? { ...pending, reembolso: 'reembolsado', reembolso_detalle: { ...owedDetail, estado: 'reembolsado', monto: 2000, proveedor_id: 'RF1' } }
            : pending,
        ],
      }),
      'POST /api/admin/reembolsos/41/reembolsar': () => {
        refunded = true;
        return { body: { ...pending, reembolso: 'reembolsado' } };
      },
    });
    const section = await screen.findByRole('region', { name: 'Pagos por reembolsar' });
    const card = await within(section).findByTestId('refund-card');
    expect(card).toHaveTextContent('Compra #41: 2x1 en tapas');
    expect(card).toHaveTextContent('tarde@example.com');
    expect(card).toHaveTextContent('PAY-41');
    // The purchase's own currency, not dollars.
    expect(card).toHaveTextContent('Reembolso pendiente: €20.00.');
    expect(within(card).queryByRole('button', { name: /Marcar como reembolsado/ })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Reembolsar €20.00 — Compra #41: 2x1 en tapas' }));
    await waitFor(() => expect(within(card).getByTestId('refund-state')).toHaveTextContent('Reembolsado: €20.00 devueltos a la tarjeta del cliente.'));
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/admin/reembolsos/41/reembolsar'))).toHaveLength(1);
  });

  it('a payment the provider cannot refund says why and is marked by hand', async () => {
    let marked = false;
    const manualOnly = { ...owedDetail, automatico: false, sin_automatico: 'sin_pago' as const };
    const { calls } = admin({
      'GET /api/admin/reembolsos': () => ({
        body: [
          marked
            ? { ...pending, reembolso: 'reembolsado', reembolso_detalle: { ...manualOnly, estado: 'reembolsado', manual: true } }
            : { ...pending, reembolso_detalle: manualOnly },
        ],
      }),
      'POST /api/admin/reembolsos/41': () => {
        marked = true;
        return { body: { message: 'Reembolso registrado.' } };
      },
    });
    const section = await screen.findByRole('region', { name: 'Pagos por reembolsar' });
    const card = await within(section).findByTestId('refund-card');
    expect(card).toHaveTextContent('No hay un pago registrado que el proveedor pueda reembolsar.');
    expect(within(card).queryByRole('button', { name: /Reembolsar/ })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Marcar como reembolsado — Compra #41: 2x1 en tapas' }));
    await waitFor(() => expect(within(card).getByTestId('refund-state')).toHaveTextContent('Marcado como reembolsado a mano.'));
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/admin/reembolsos/41'))).toBe(true);
  });

  it("an order's refund the provider never answered is retried, and its failure shown", async () => {
    const { calls } = admin({
      'GET /api/admin/reembolsos': { body: [] },
      'GET /api/admin/pedidos/reembolsos': { body: [order] },
      'POST /api/pedidos/71/reembolsar': { status: 409, body: { error: 'Hay un reembolso en curso con el proveedor de pagos: espera su resultado.' } },
    });
    const section = await screen.findByRole('region', { name: 'Pedidos por reembolsar' });
    const card = await within(section).findByTestId('refund-card');
    expect(card).toHaveTextContent('La Cava Demo · pedido #12');
    expect(card).toHaveTextContent('El proveedor de pagos no respondió tras varios intentos.');
    expect(card).toHaveTextContent('Motivo del proveedor: clover: refund: i/o timeout');
    await userEvent.click(within(card).getByRole('button', { name: 'Reintentar el reembolso — La Cava Demo · pedido #12' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Hay un reembolso en curso con el proveedor de pagos: espera su resultado.');
    expect(calls.find((c) => c.url.endsWith('/api/pedidos/71/reembolsar'))?.body).toEqual({ cliente_id: 1 });
  });
});
