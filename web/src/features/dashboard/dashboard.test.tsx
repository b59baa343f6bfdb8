import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
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
