import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadStaffTexts } from '../../app/i18n';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../../test/utils';
import { CloverConnectCard } from './components/CloverConnectCard';
import type { Cliente } from './api/get-cliente';

const cliente: Cliente = {
  id: 3,
  nombre: 'Tres',
  merchant_id: 'MID-3',
  email: 'tres@example.com',
  estado: 'activo',
  fecha_proximo_pago: null,
  idioma: 'es',
  pais: 'US',
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

describe("the owner's panel", () => {
  it('says when the restaurant is suspended and when Clover must be reconnected', async () => {
    storeSession({ clienteId: '3' });
    mockFetch({
      'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0 } },
      'GET /api/clientes/3': { body: { ...cliente, estado: 'suspendido', pos_reconectar: true } },
    });
    renderApp('/dashboard/3');
    expect(await screen.findByText(/Este restaurante está suspendido/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/hay que reconectar tu restaurante/)).toBeInTheDocument();
  }, 15_000);
});

describe("'Conectar con Clover' on the restaurant's panel", () => {
  it('comes first for a restaurant not connected, and sends the browser where the server says', async () => {
    await loadStaffTexts();
    const go = vi.fn();
    const { calls } = mockFetch({ 'POST /api/clientes/3/clover/conectar': { body: { url: 'https://sandbox.dev.clover.com/oauth/v2/authorize?state=s' } } });
    render(<CloverConnectCard cliente={{ ...cliente, pos_conectado: false }} go={go} />);
    expect(screen.getByText('Este restaurante aún no está conectado con Clover.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Conectar con Clover' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://sandbox.dev.clover.com/oauth/v2/authorize?state=s'));
    expect(calls.filter((c) => c.url === '/api/clientes/3/clover/conectar' && c.method === 'POST')).toHaveLength(1);
  });

  it("shows the server's refusal and goes nowhere", async () => {
    await loadStaffTexts();
    const go = vi.fn();
    mockFetch({ 'POST /api/clientes/3/clover/conectar': { status: 400, body: { error: 'El cliente no tiene un Merchant ID válido.' } } });
    render(<CloverConnectCard cliente={{ ...cliente, merchant_id: null, pos_conectado: false }} go={go} />);
    await userEvent.click(screen.getByRole('button', { name: 'Conectar con Clover' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El cliente no tiene un Merchant ID válido.');
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Conectar con Clover' })).toBeEnabled();
  });

  it('offers to connect again a connected restaurant', async () => {
    await loadStaffTexts();
    render(<CloverConnectCard cliente={cliente} go={vi.fn()} />);
    expect(screen.getByText('Conectado con Clover (Merchant ID MID-3).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver a conectar con Clover' })).toBeInTheDocument();
  });
});
