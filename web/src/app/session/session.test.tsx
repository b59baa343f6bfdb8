import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../../test/utils';

describe('session provider', () => {
  beforeEach(resetLanguage);

  it('clears the stored session when validate answers 401', async () => {
    storeSession({ token: 'dead', clienteId: '1' });
    localStorage.setItem('merchant_id', 'M1');
    const { calls } = mockFetch({
      'POST /api/auth/validate': { status: 401, body: { error: 'Sesión inválida o expirada.' } },
    });
    renderApp('/dashboard/1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(calls[0].headers.Authorization).toBe('Bearer dead');
    for (const key of ['token', 'authToken', 'cliente_id', 'merchant_id', 'is_superadmin']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('keeps the ids the server returns on validate', async () => {
    storeSession({ token: 'good' });
    mockFetch({
      'POST /api/auth/validate': { body: { cliente_id: 5, merchant_id: 'M5', is_superadmin: false } },
      'GET /api/clientes/5': { body: { id: 5, nombre: 'Cinco' } },
    });
    renderApp('/dashboard/5');
    expect(await screen.findByText('Cinco')).toBeInTheDocument();
    expect(localStorage.getItem('cliente_id')).toBe('5');
    expect(localStorage.getItem('merchant_id')).toBe('M5');
    expect(localStorage.getItem('token')).toBe('good');
  });

  it('logout revokes the token, clears storage and goes to /login', async () => {
    storeSession({ token: 'live', clienteId: '5' });
    const { calls } = mockFetch({
      'POST /api/auth/validate': { body: { cliente_id: 5, merchant_id: 'M5', is_superadmin: false } },
      'GET /api/clientes/5': { body: { id: 5, nombre: 'Cinco' } },
      'POST /api/auth/logout': { status: 204 },
    });
    renderApp('/dashboard/5');
    await screen.findByText('Cinco');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    const logoutCall = calls.find((c) => c.url === '/api/auth/logout');
    expect(logoutCall?.method).toBe('POST');
    expect(logoutCall?.headers.Authorization).toBe('Bearer live');
    for (const key of ['token', 'authToken', 'cliente_id', 'merchant_id', 'is_superadmin']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });
});
