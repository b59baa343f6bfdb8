import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetLanguage } from '../../test/utils';
import type { DemoCheckoutSession } from './api/demo-checkout-api';

describe('the demo checkout of a tab payment', () => {
  beforeEach(resetLanguage);

  const session: DemoCheckoutSession = {
    tipo: 'cuenta',
    descripcion: 'Mesa 7: pago de la cuenta',
    subtotal: 2771,
    impuestos: 229,
    propina: 416,
    total: 3416,
    moneda: 'USD',
    restaurante: 'La Cava',
    estado: 'pendiente_pago',
    cliente_id: 1,
    expires_at: 1_900_000_000,
    pago_id: 3,
    exito_url: '/cuenta/9/pago/3?p=ptok&t=ctok&menu=1',
    volver_url: '/cuenta/9?t=ctok&cancelar=3&p=ptok&menu=1',
  };

  it('shows the tip and goes to exito_url once paid', async () => {
    mockFetch({
      'GET /api/demo/checkout/demo_cs_9': { body: session },
      'POST /api/demo/checkout/demo_cs_9/pay': { body: { estado: 'pagado', cliente_id: 1 } },
      'GET /api/cuentas/9/pagos/3': { status: 404, body: { error: 'x' } },
    });
    renderApp('/demo/checkout/demo_cs_9');
    expect(await screen.findByText('Propina')).toBeInTheDocument();
    expect(screen.getByText('$4.16')).toBeInTheDocument();
    expect(screen.getByText('$34.16')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cuenta/9/pago/3?p=ptok&t=ctok&menu=1'));
  });

  it("goes back to volver_url after a decline", async () => {
    mockFetch({
      'GET /api/demo/checkout/demo_cs_9': { body: { ...session, exito_url: `${window.location.origin}/cuenta/9/pago/3?p=ptok` } },
      'POST /api/demo/checkout/demo_cs_9/decline': { body: { estado: 'fallido', cliente_id: 1 } },
    });
    renderApp('/demo/checkout/demo_cs_9');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByRole('link', { name: 'Volver a la cuenta' })).toHaveAttribute('href', '/cuenta/9?t=ctok&cancelar=3&p=ptok&menu=1');
  });
});
