import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetLanguage } from '../../test/utils';
import type { DemoCheckoutSession } from './api/demo-checkout-api';

const session: DemoCheckoutSession = {
  tipo: 'compra',
  descripcion: 'Postre gratis',
  subtotal: 1600,
  fee: 500,
  total: 2100,
  moneda: 'USD',
  restaurante: 'La Trattoria',
  estado: 'pendiente',
  cliente_id: 1,
  expires_at: 1_900_000_000,
  compra_id: 5,
};

describe('demo hosted checkout', () => {
  beforeEach(resetLanguage);

  it('is clearly a demo, shows the breakdown and pays', async () => {
    const { calls } = mockFetch({
      'GET /api/demo/checkout/demo_cs_1': { body: session },
      'POST /api/demo/checkout/demo_cs_1/pay': {
        body: { estado: 'pagado', message: 'Pago procesado correctamente. Revisa tu correo.', compra_id: 5, cliente_id: 1 },
      },
    });
    renderApp('/demo/checkout/demo_cs_1');
    expect(await screen.findByRole('heading', { name: 'Pago de demostración' })).toBeInTheDocument();
    expect(screen.getByText('Modo demostración')).toBeInTheDocument();
    expect(await screen.findByText('La Trattoria')).toBeInTheDocument();
    expect(screen.getByText('Postre gratis')).toBeInTheDocument();
    expect(screen.getByText('$16.00')).toBeInTheDocument();
    expect(screen.getByText('$5.00')).toBeInTheDocument();
    expect(screen.getByText('$21.00')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Pago procesado correctamente. Revisa tu correo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver Mis Compras' })).toHaveAttribute('href', '/usuario/mis-compras?pago=ok');
    expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.headers.Authorization).toBeUndefined();
  });

  it('declines and links back to the offers', async () => {
    mockFetch({
      'GET /api/demo/checkout/demo_cs_2': { body: session },
      'POST /api/demo/checkout/demo_cs_2/decline': { body: { estado: 'fallido', compra_id: 5, cliente_id: 1 } },
    });
    renderApp('/demo/checkout/demo_cs_2');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Pago rechazado. No se hizo ningún cargo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a las ofertas' })).toHaveAttribute('href', '/usuario/1/ofertas');
  });

  it('shows the state of a session that is no longer pending, and unknown sessions', async () => {
    mockFetch({ 'GET /api/demo/checkout/demo_cs_3': { body: { ...session, estado: 'expirado' } } });
    const view = renderApp('/demo/checkout/demo_cs_3');
    expect(await screen.findByText('Esta sesión de pago expiró. No se hizo ningún cargo.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
    view.unmount();
    mockFetch({ 'GET /api/demo/checkout/nope': { status: 404, body: { error: 'Sesión de pago no encontrada.' } } });
    renderApp('/demo/checkout/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sesión de pago no encontrada.');
  });
});

describe('demo hosted checkout of a pickup order', () => {
  beforeEach(resetLanguage);

  const orderSession: DemoCheckoutSession = {
    tipo: 'pedido',
    descripcion: 'Pedido para recoger (2 productos)',
    subtotal: 4500,
    impuestos: 371,
    total: 4871,
    moneda: 'USD',
    restaurante: 'La Cava',
    estado: 'pendiente_pago',
    cliente_id: 1,
    expires_at: 1_900_000_000,
    pedido_id: 5,
    token: 'tok-5',
  };

  it('shows the taxes, pays and lands on the order page', async () => {
    mockFetch({
      'GET /api/demo/checkout/demo_cs_9': { body: orderSession },
      'POST /api/demo/checkout/demo_cs_9/pay': {
        body: { tipo: 'pedido', estado: 'recibido', pedido_id: 5, cliente_id: 1, token: 'tok-5', message: 'Pago exitoso. Orden confirmada.' },
      },
    });
    renderApp('/demo/checkout/demo_cs_9');
    expect(await screen.findByText('Pedido para recoger (2 productos)')).toBeInTheDocument();
    expect(screen.getByText('Impuestos')).toBeInTheDocument();
    expect(screen.getByText('$3.71')).toBeInTheDocument();
    expect(screen.getByText('$48.71')).toBeInTheDocument();
    expect(screen.queryByText('Fee de servicio')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pedido/5?t=tok-5&pago=ok&menu=1'));
  });

  it('declines and links back to the checkout with its failure notice', async () => {
    mockFetch({
      'GET /api/demo/checkout/demo_cs_8': { body: orderSession },
      'POST /api/demo/checkout/demo_cs_8/decline': { body: { tipo: 'pedido', estado: 'fallido', pedido_id: 5, cliente_id: 1, token: 'tok-5' } },
    });
    renderApp('/demo/checkout/demo_cs_8');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Pago rechazado. No se hizo ningún cargo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al pedido' })).toHaveAttribute('href', '/checkout/1?pago=error');
  });
});
