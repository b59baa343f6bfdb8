import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../../test/utils';

const cliente = {
  id: 3,
  nombre: 'Tres',
  merchant_id: 'MID-3',
  email: 'tres@example.com',
  estado: 'activo',
  fecha_proximo_pago: null,
  idioma: 'es',
  pos_provider: 'demo',
  pos_conectado: true,
  pos_reconectar: false,
  webhook_secret_configurado: false,
};

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await resetLanguage();
});

describe('Webhook de Clover Hosted Checkout', () => {
  it('says whether a secret is set, saves one and never shows it back', async () => {
    let configured = false;
    storeSession({ clienteId: '3' });
    const { calls } = mockFetch({
      'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0 } },
      'GET /api/configuraciones': { body: {} },
      'GET /api/clientes/3': () => ({ body: { ...cliente, webhook_secret_configurado: configured } }),
      'PUT /api/clientes/3/webhook-secret': () => {
        configured = true;
        return { body: { webhook_secret_configurado: true } };
      },
    });
    renderApp('/settings?cliente_id=3');
    const section = await screen.findByRole('region', { name: 'Webhook de Clover Hosted Checkout' }, { timeout: 5000 });
    expect(within(section).getByText(/Ecommerce → Hosted Checkout/)).toBeInTheDocument();
    expect(await within(section).findByText('Secreto no configurado.')).toBeInTheDocument();
    await userEvent.type(within(section).getByLabelText('Secreto de firma del webhook'), 'whsec-123');
    await userEvent.click(within(section).getByRole('button', { name: 'Guardar secreto' }));
    expect(await within(section).findByText('Secreto guardado.')).toBeInTheDocument();
    expect(await within(section).findByText('Secreto configurado.')).toBeInTheDocument();
    expect(within(section).getByLabelText('Secreto de firma del webhook')).toHaveValue('');
    expect(screen.queryByDisplayValue('whsec-123')).toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ webhook_secret: 'whsec-123' });
  }, 15_000);
});
