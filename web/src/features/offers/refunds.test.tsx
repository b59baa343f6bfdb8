import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../../test/utils';
import type { Refund } from './api/fees-api';

const pending: Refund = {
  compra_id: 41,
  cliente_id: 1,
  restaurante: 'La Cava Demo',
  email: 'tarde@example.com',
  descripcion: '2x1 en tapas',
  total: 2000,
  motivo: 'agotado',
  payment_id: 'PAY-41',
  reembolso: 'pendiente',
  paid_at: 1_800_000_000,
  reembolsado_at: 0,
};

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await resetLanguage();
});

describe('super admin: payments to refund', () => {
  it('lists a pending refund and records it when the super admin marks it', async () => {
    let refunded = false;
    const { calls } = mockFetch({
      'POST /api/auth/validate': { body: { cliente_id: null, merchant_id: null, is_superadmin: true } },
      'GET /api/admin/reembolsos': () => ({ body: [{ ...pending, reembolso: refunded ? 'reembolsado' : 'pendiente' }] }),
      'POST /api/admin/reembolsos/41': () => {
        refunded = true;
        return { body: { message: 'Reembolso registrado.' } };
      },
      'GET /api/admin/fees': { body: [] },
      'GET /api/admin/outbox': { body: [] },
    });
    storeSession({ superadmin: true });
    renderApp('/super-admin');
    const section = await screen.findByRole('region', { name: 'Pagos por reembolsar' });
    const row = await within(section).findByRole('row', { name: /tarde@example\.com/ });
    expect(within(row).getByText('PAY-41')).toBeInTheDocument();
    expect(within(row).getByText('Pendiente')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Marcar como reembolsado' }));
    await waitFor(() => expect(within(section).getByText('Reembolsado')).toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/admin/reembolsos/41'))).toBe(true);
    expect(within(section).queryByRole('button', { name: 'Marcar como reembolsado' })).toBeNull();
  });
});
