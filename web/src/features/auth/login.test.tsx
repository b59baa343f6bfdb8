import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetLanguage } from '../../test/utils';

const cliente = { id: 7, nombre: 'La Cava Demo', merchant_id: 'M7', email: 'o@x', estado: 'activo', fecha_proximo_pago: null };

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(await screen.findByLabelText('Correo electrónico'), email);
  if (password) await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
}

describe('login page', () => {
  beforeEach(resetLanguage);

  it('asks for both fields without calling the server', async () => {
    const { fn } = mockFetch({});
    renderApp('/login');
    await fillAndSubmit('owner@demo.test', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Por favor, completa todos los campos.');
    expect(fn).not.toHaveBeenCalled();
  });

  it('sends a restaurant user to its panel and stores the session', async () => {
    const { calls } = mockFetch({
      'POST /api/login': { body: { token: 'T1', cliente_id: 7, merchant_id: 'M7', is_superadmin: false } },
      'GET /api/clientes/7': { body: cliente },
    });
    renderApp('/login');
    await fillAndSubmit('owner@demo.test', 'secret');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/7'));
    expect(await screen.findByRole('heading', { name: 'Panel de Administración - Restaurante' })).toBeInTheDocument();
    expect(await screen.findByText('La Cava Demo')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: 'owner@demo.test', password: 'secret' });
    expect(localStorage.getItem('token')).toBe('T1');
    expect(localStorage.getItem('authToken')).toBe('T1');
    expect(localStorage.getItem('cliente_id')).toBe('7');
    expect(localStorage.getItem('merchant_id')).toBe('M7');
    expect(localStorage.getItem('is_superadmin')).toBe('0');
    const clienteCall = calls.find((c) => c.url === '/api/clientes/7');
    expect(clienteCall?.headers.Authorization).toBe('Bearer T1');
    expect(screen.getByRole('link', { name: 'Categorías' })).toHaveAttribute('href', '/clover-categories?cliente_id=7');
    expect(screen.getByRole('link', { name: 'Ofertas' })).toHaveAttribute('href', '/crear-oferta?cliente_id=7');
  });

  it('sends a super admin to /super-admin', async () => {
    mockFetch({ 'POST /api/login': { body: { token: 'T2', cliente_id: null, merchant_id: null, is_superadmin: 1 } } });
    renderApp('/login');
    await fillAndSubmit('admin@demo.test', 'secret');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/super-admin$/));
    expect(await screen.findByRole('link', { name: 'Dashboard General' })).toHaveAttribute('href', '/super-admin/dashboard');
    expect(screen.getByRole('link', { name: 'Configuración Clover' })).toHaveAttribute('href', '/super-admin/clover-auth');
    expect(screen.getByTestId('backend-address')).toHaveTextContent(`${window.location.origin}/api`);
    expect(localStorage.getItem('is_superadmin')).toBe('1');
  });

  it("shows the server's error text", async () => {
    mockFetch({ 'POST /api/login': { status: 401, body: { error: 'Credenciales inválidas.' } } });
    renderApp('/login');
    await fillAndSubmit('owner@demo.test', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciales inválidas.');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('falls back to a generic message when the server gives none', async () => {
    mockFetch({ 'POST /api/login': { status: 500 } });
    renderApp('/login');
    await fillAndSubmit('owner@demo.test', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al iniciar sesión.');
  });

  it('shows the connection error on a network failure', async () => {
    mockFetch({ 'POST /api/login': new TypeError('Failed to fetch') });
    renderApp('/login');
    await fillAndSubmit('owner@demo.test', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error de conexión con el servidor.');
  });

  it('disables the button and shows Iniciando... while busy', async () => {
    let release: (r: Response) => void = () => undefined;
    mockFetch({
      'POST /api/login': () => new Promise<never>((resolve) => (release = resolve as never)),
    });
    renderApp('/login');
    await fillAndSubmit('owner@demo.test', 'x');
    const button = await screen.findByRole('button', { name: 'Iniciando...' });
    expect(button).toBeDisabled();
    release(new Response(JSON.stringify({ error: 'Credenciales inválidas.' }), { status: 401 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciales inválidas.');
    expect(screen.getByRole('button', { name: 'Iniciar Sesión' })).toBeEnabled();
  });
});

describe('super admin login page', () => {
  beforeEach(resetLanguage);

  it('refuses a non super admin account and keeps no session', async () => {
    const { calls } = mockFetch({
      'POST /api/login': { body: { token: 'T3', cliente_id: 1, merchant_id: 'M1', is_superadmin: false } },
      'POST /api/auth/logout': { status: 204 },
    });
    renderApp('/super-admin/login');
    expect(await screen.findByRole('heading', { name: 'Acceso Super Admin' })).toBeInTheDocument();
    await fillAndSubmit('owner@demo.test', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta cuenta no es de super administrador.');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/super-admin/login');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/logout')).toBe(true));
  });

  it('lets a super admin in', async () => {
    mockFetch({ 'POST /api/login': { body: { token: 'T4', is_superadmin: true } } });
    renderApp('/super-admin/login');
    await fillAndSubmit('admin@demo.test', 'x');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/super-admin$/));
    expect(localStorage.getItem('token')).toBe('T4');
  });
});
