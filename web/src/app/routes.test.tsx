import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch, renderApp, resetLanguage } from '../test/utils';

describe('routes', () => {
  beforeEach(resetLanguage);

  it('shows the welcome page at /', async () => {
    mockFetch({});
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Bienvenido a la Cava de Vinos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('href', '/login');
  });

  it('redirects an unknown path to /', async () => {
    mockFetch({});
    renderApp('/no/such/page');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByText('Bienvenido a la Cava de Vinos')).toBeInTheDocument();
  });

  it('sends /registro to the restaurant picker, where registration starts', async () => {
    mockFetch({ 'GET /api/restaurantes': { body: [] } });
    renderApp('/registro');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/restaurante\/seleccion$/));
  });

  it('registers the public onboarding link /establecer-password', async () => {
    mockFetch({});
    renderApp('/establecer-password?merchant_id=M&email=a@b.c');
    expect(await screen.findByRole('heading', { name: 'Establecer Contraseña' })).toBeInTheDocument();
  });

  it('registers the public cava at /cava/1 (no sign-in)', async () => {
    mockFetch({ 'GET /api/vinos': { body: [] }, 'GET /api/configuraciones': { body: {} } });
    renderApp('/cava/1');
    expect(await screen.findByRole('heading', { name: 'Explora Nuestra Cava', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Esta cava todavía no tiene vinos disponibles.')).toBeInTheDocument();
  });
});
