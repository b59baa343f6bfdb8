import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { RefundOwed, RefundStatus } from '../../api/contract';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../../test/utils';

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

/** A late card payment of table 7 at La Cava: 12.00 of it owed back. */
const late: RefundOwed = {
  tipo: 'cuenta',
  id: 88,
  cliente_id: 1,
  restaurante: 'La Cava Demo',
  descripcion: '',
  numero: 7,
  email: '',
  total: 1200,
  moneda: 'EUR',
  motivo: '',
  payment_id: 'demo_pay_cuenta_88',
  reembolso: 'pendiente',
  paid_at: 1_800_000_000,
  reembolsado_at: 0,
  reembolso_detalle: owedDetail,
};

/** A cash payment at 'Terraza' owing 3.00 back: the provider cannot refund it. */
const cash: RefundOwed = {
  ...late,
  id: 89,
  descripcion: 'Terraza',
  numero: 2,
  total: 300,
  payment_id: '',
  reembolso_detalle: { ...owedDetail, automatico: false, sin_automatico: 'sin_pago' },
};

/** The super admin's home with its lists answered. */
function admin(routes: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: null, merchant_id: null, is_superadmin: true } },
    'GET /api/admin/fees': { body: [] },
    'GET /api/admin/outbox': { body: [] },
    'GET /api/admin/reembolsos': { body: [] },
    'GET /api/admin/pedidos/reembolsos': { body: [] },
    ...routes,
  });
  storeSession({ superadmin: true });
  renderApp('/super-admin');
  return mock;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await resetLanguage();
});

describe("super admin: table payments to give back (kind 'cuenta')", () => {
  it('lists only the tab payments of the one list and refunds the part owed through the provider in one click', async () => {
    let refunded = false;
    const order = { ...late, tipo: 'pedido' as const, id: 71, numero: 12 };
    const { calls } = admin({
      'GET /api/admin/pagos/reembolsos': () => ({
        body: [
          order,
          refunded
            ? { ...late, reembolso: 'reembolsado', reembolsado_at: 1_800_000_100, reembolso_detalle: { ...owedDetail, estado: 'reembolsado', monto: 1200, proveedor_id: 'RF9' } }
            : late,
        ],
      }),
      'POST /api/admin/cuentas/pagos/88/reembolsar': () => {
        refunded = true;
        return { body: { ...late, reembolso: 'reembolsado' } };
      },
    });
    const section = await screen.findByRole('region', { name: 'Pagos de mesa por devolver' }, { timeout: 5000 });
    const cards = await within(section).findAllByTestId('refund-card');
    expect(cards).toHaveLength(1);
    const card = cards[0];
    expect(card).toHaveTextContent('La Cava Demo · cuenta de Mesa 7');
    expect(card).toHaveTextContent('demo_pay_cuenta_88');
    expect(card).toHaveTextContent('Reembolso pendiente: €12.00.');
    await userEvent.click(within(card).getByRole('button', { name: 'Reembolsar €12.00 — La Cava Demo · cuenta de Mesa 7' }));
    await waitFor(() => expect(within(card).getByTestId('refund-state')).toHaveTextContent('Reembolsado: €12.00'));
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/admin/cuentas/pagos/88/reembolsar'))).toHaveLength(1);
  });

  it('a cash payment the provider cannot refund is marked by hand, and the server’s refusal shows in its words', async () => {
    const { calls } = admin({
      'GET /api/admin/pagos/reembolsos': { body: [cash] },
      'POST /api/admin/cuentas/pagos/89/reembolso': { status: 409, body: { error: 'Este pago ya está reembolsado por completo.' } },
    });
    const section = await screen.findByRole('region', { name: 'Pagos de mesa por devolver' }, { timeout: 5000 });
    const card = await within(section).findByTestId('refund-card');
    expect(card).toHaveTextContent('La Cava Demo · cuenta de Terraza');
    expect(card).toHaveTextContent('cobrado en la mesa');
    expect(within(card).queryByRole('button', { name: /^Reembolsar/ })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: /Marcar como reembolsado/ }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Este pago ya está reembolsado por completo.');
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/admin/cuentas/pagos/89/reembolso'))).toHaveLength(1);
  });

  it('in English, with nothing owed', async () => {
    await i18next.changeLanguage('en');
    admin({ 'GET /api/admin/pagos/reembolsos': { body: [] } });
    const section = await screen.findByRole('region', { name: 'Table payments to give back' }, { timeout: 5000 });
    expect(await within(section).findByText('There are no table payments to give back.')).toBeInTheDocument();
  });
});
