import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../../test/utils';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await resetLanguage();
});

// Where Clover's OAuth flow lands (the server's callback redirects here).
describe('the Clover connection page', () => {
  it('says the restaurant is connected and, signed out, how to sign in', async () => {
    mockFetch({});
    renderApp('/clover/conexion?resultado=conectado&cliente_id=7&merchant_id=MID-9');
    expect(await screen.findByText('Tu restaurante quedó conectado con Clover (Merchant ID MID-9).')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  });

  it('says an invalid, expired or used connection changed nothing, and how to start again', async () => {
    mockFetch({});
    renderApp('/clover/conexion?resultado=caducado');
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta conexión con Clover no es válida');
    expect(screen.getByRole('alert')).toHaveTextContent('No se cambió nada.');
    expect(screen.getByText(/pulsa 'Conectar con Clover' en el panel de tu restaurante/)).toBeInTheDocument();
    expect(screen.getByText('o vuelve a abrir Carta desde el App Market de Clover.')).toBeInTheDocument();
  });

  it('says too many launches from one network changed nothing', async () => {
    mockFetch({});
    renderApp('/clover/conexion?resultado=demasiados');
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos de conexión desde esta red. No se cambió nada');
  });

  it('reads an unknown outcome as an invalid connection', async () => {
    mockFetch({});
    renderApp('/clover/conexion?resultado=<script>');
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta conexión con Clover no es válida');
  });

  it("sends a signed-in owner back to their panel, where 'Conectar con Clover' is", async () => {
    storeSession({ clienteId: '3' });
    mockFetch({ 'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0 } } });
    renderApp('/clover/conexion?resultado=otro-comercio');
    expect(await screen.findByRole('link', { name: 'Volver al panel para intentarlo de nuevo' })).toHaveAttribute('href', '/dashboard/3');
    expect(screen.getByRole('alert')).toHaveTextContent('La cuenta de Clover que autorizó no es la del restaurante');
  });

  it("sends the super admin to the restaurant's panel, in English", async () => {
    await i18next.changeLanguage('en');
    storeSession({ superadmin: true });
    mockFetch({ 'POST /api/auth/validate': { body: { cliente_id: null, is_superadmin: 1 } } });
    renderApp('/clover/conexion?resultado=conectado&cliente_id=5&merchant_id=M5');
    expect(await screen.findByRole('link', { name: "Go to the restaurant's panel" })).toHaveAttribute('href', '/super-admin/dashboard/5');
    expect(screen.getByRole('status')).toHaveTextContent('Your restaurant is connected to Clover (Merchant ID M5).');
  });
});
