import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetLanguage } from '../../test/utils';
import { readStoredSession } from '../../lib/session-storage';

const LINK = '/establecer-password?merchant_id=MID-9&email=duena%40example.com&token=tok-link';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await resetLanguage();
});

async function fill(password: string, confirm: string) {
  await userEvent.type(await screen.findByLabelText('Nueva contraseña'), password);
  await userEvent.type(screen.getByLabelText('Confirmar contraseña'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Establecer Contraseña' }));
}

describe('Establecer Contraseña', () => {
  it.each([
    '/establecer-password',
    '/establecer-password?merchant_id=MID-9&email=a%40b.c',
    '/establecer-password?email=a%40b.c&token=t',
    '/establecer-password?merchant_id=MID-9&token=t',
  ])('says the link is incomplete and shows no form: %s', async (path) => {
    mockFetch({});
    renderApp(path);
    expect(await screen.findByRole('alert')).toHaveTextContent('Faltan parámetros en el enlace.');
    expect(screen.queryByLabelText('Nueva contraseña')).toBeNull();
  });

  it('refuses two different passwords without calling the server', async () => {
    const { calls } = mockFetch({});
    renderApp(LINK);
    await fill('una-clave-larga', 'otra-clave-larga');
    expect(await screen.findByRole('alert')).toHaveTextContent('Las contraseñas no coinciden.');
    expect(calls.some((c) => c.url.includes('/api/establecer-password'))).toBe(false);
  });

  it('stores the session like the staff login and lands on the restaurant panel', async () => {
    const { calls } = mockFetch({
      'POST /api/establecer-password': { body: { token: 'tok-owner', cliente_id: 7, merchant_id: 'MID-9', is_superadmin: false } },
      'POST /api/auth/validate': { body: { cliente_id: 7, merchant_id: 'MID-9', is_superadmin: false } },
      'GET /api/clientes/7': { body: { id: 7, nombre: 'Casa Nueva', estado: 'activo', pos_reconectar: false } },
    });
    renderApp(LINK);
    await fill('una-clave-larga', 'una-clave-larga');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/7$/));
    const call = calls.find((c) => c.url.endsWith('/api/establecer-password'))!;
    expect(call.body).toEqual({ merchant_id: 'MID-9', email: 'duena@example.com', new_password: 'una-clave-larga', token: 'tok-link' });
    expect(call.headers.Authorization).toBeUndefined();
    expect(readStoredSession()).toMatchObject({ token: 'tok-owner', clienteId: '7', merchantId: 'MID-9', isSuperadmin: false });
    expect(await screen.findByText('Casa Nueva')).toBeInTheDocument();
  });

  it("shows the server's refusal as 'Error: …'", async () => {
    mockFetch({
      'POST /api/establecer-password': {
        status: 400,
        body: { error: 'El enlace no es válido o ha caducado. Pide a Carta un enlace nuevo.' },
      },
    });
    renderApp(LINK);
    await fill('una-clave-larga', 'una-clave-larga');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: El enlace no es válido o ha caducado. Pide a Carta un enlace nuevo.',
    );
    expect(readStoredSession()).toBeNull();
  });

  it('says the password could not be set when the server is unreachable', async () => {
    mockFetch({ 'POST /api/establecer-password': new TypeError('Failed to fetch') });
    renderApp(LINK);
    await fill('una-clave-larga', 'una-clave-larga');
    expect(await screen.findByRole('alert')).toHaveTextContent('Hubo un error al establecer la contraseña.');
  });
});
