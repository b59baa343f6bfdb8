import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockFetch, renderApp, resetLanguage } from '../../test/utils';
import { readStoredSession } from '../../lib/session-storage';

// '¿Olvidaste tu contraseña?' of owners and the super admin.

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await resetLanguage();
});

const location = () => screen.getByTestId('location').textContent;

describe('the staff sign-in', () => {
  it.each([
    ['/login', '/recuperar-password'],
    ['/super-admin/login', '/super-admin/recuperar-password'],
  ])('%s links to %s with the e-mail typed', async (login, forgot) => {
    mockFetch({});
    renderApp(login);
    await userEvent.type(await screen.findByLabelText('Correo electrónico'), 'duena@example.com');
    await userEvent.click(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }));
    await waitFor(() => expect(location()).toBe(forgot));
    expect(await screen.findByRole('heading', { name: '¿Olvidaste tu contraseña?', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('duena@example.com');
  });
});

describe('/recuperar-password', () => {
  it('sends the e-mail and says the same whatever the answer would reveal', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/recuperar': { body: { mensaje: 'ok' } } });
    renderApp('/recuperar-password');
    await userEvent.type(await screen.findByLabelText('Correo electrónico'), ' ana@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Si hay una cuenta con ana@example.com, te enviamos un enlace para elegir una contraseña nueva.',
    );
    const call = calls.find((c) => c.url === '/api/auth/recuperar')!;
    expect(call.body).toEqual({ email: 'ana@example.com' });
    expect(call.headers.Authorization).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute('href', '/login');
    // Another try brings the form back.
    await userEvent.click(screen.getByRole('button', { name: 'Pedir otro enlace' }));
    expect(screen.getByRole('button', { name: 'Enviar enlace' })).toBeInTheDocument();
  });

  it("shows the server's refusal (too many links)", async () => {
    mockFetch({
      'POST /api/auth/recuperar': {
        status: 429,
        headers: { 'Retry-After': '900' },
        body: { error: 'Se pidieron demasiados enlaces. Espera unos minutos e inténtalo de nuevo.' },
      },
    });
    renderApp('/recuperar-password');
    await userEvent.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Se pidieron demasiados enlaces.');
  });

  it('asks for the e-mail without calling the server', async () => {
    const { calls } = mockFetch({});
    renderApp('/super-admin/recuperar-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escribe tu correo electrónico.');
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute('href', '/super-admin/login');
  });
});

describe('/restablecer-password', () => {
  const valid = { 'POST /api/auth/restablecer/enlace': { body: { estado: 'valido', email: 'duena@example.com' } } };

  async function fill(password: string, confirm: string) {
    await userEvent.type(await screen.findByLabelText('Nueva contraseña'), password);
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
  }

  it('sets the password, signs in and lands on the panel', async () => {
    const { calls } = mockFetch({
      ...valid,
      'POST /api/auth/restablecer': { body: { token: 'tok-new', cliente_id: 7, merchant_id: 'MID-9', is_superadmin: false } },
      'POST /api/auth/validate': { body: { cliente_id: 7, merchant_id: 'MID-9', is_superadmin: false } },
      'GET /api/clientes/7': { body: { id: 7, nombre: 'Casa Nueva', estado: 'activo', pos_reconectar: false } },
    });
    renderApp('/restablecer-password?token=tok-link&lang=es');
    expect(await screen.findByText(/Elige la nueva contraseña de tu cuenta \(duena@example.com\)/)).toBeInTheDocument();
    await fill('corta', 'corta');
    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña debe tener al menos 8 caracteres.');
    await userEvent.clear(screen.getByLabelText('Nueva contraseña'));
    await userEvent.clear(screen.getByLabelText('Confirmar contraseña'));
    await fill('una-clave-larga', 'otra-clave-larga');
    expect(await screen.findByRole('alert')).toHaveTextContent('Las contraseñas no coinciden.');
    expect(calls.some((c) => c.url === '/api/auth/restablecer')).toBe(false);
    await userEvent.clear(screen.getByLabelText('Confirmar contraseña'));
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'una-clave-larga');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    await waitFor(() => expect(location()).toBe('/dashboard/7'));
    expect(calls.find((c) => c.url === '/api/auth/restablecer')!.body).toEqual({ token: 'tok-link', new_password: 'una-clave-larga' });
    expect(readStoredSession()).toMatchObject({ token: 'tok-new', clienteId: '7', isSuperadmin: false });
  });

  it.each([
    ['usado', 'Este enlace ya se usó para cambiar la contraseña'],
    ['caducado', 'Este enlace caducó'],
    ['reemplazado', 'Pediste un enlace más nuevo'],
    ['invalido', 'Este enlace no es válido'],
  ])('a link %s shows why instead of the form, with the ways on', async (estado, text) => {
    mockFetch({ 'POST /api/auth/restablecer/enlace': { body: { estado, email: '' } } });
    renderApp('/super-admin/restablecer-password?token=tok-link');
    expect(await screen.findByRole('heading', { name: 'Este enlace ya no sirve' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
    expect(screen.queryByLabelText('Nueva contraseña')).toBeNull();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/super-admin/login');
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveAttribute('href', '/super-admin/recuperar-password');
  });

  it('a link without a token is not valid, without asking the server', async () => {
    const { calls } = mockFetch({});
    renderApp('/restablecer-password');
    expect(await screen.findByRole('heading', { name: 'Este enlace ya no sirve' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('a link spent while the form was open turns into the spent page', async () => {
    let spent = false;
    mockFetch({
      'POST /api/auth/restablecer/enlace': () => ({ body: spent ? { estado: 'usado', email: '' } : { estado: 'valido', email: 'a@b.co' } }),
      'POST /api/auth/restablecer': () => {
        spent = true;
        return { status: 400, body: { error: 'Este enlace ya no sirve. Pide un enlace nuevo.' } };
      },
    });
    renderApp('/restablecer-password?token=tok-link');
    await fill('una-clave-larga', 'una-clave-larga');
    expect(await screen.findByRole('heading', { name: 'Este enlace ya no sirve' })).toBeInTheDocument();
    expect(readStoredSession()).toBeNull();
  });

  it('opens in the language of the link', async () => {
    mockFetch(valid);
    renderApp('/restablecer-password?token=tok-link&lang=en');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(i18next.language).toBe('en');
  });
});
