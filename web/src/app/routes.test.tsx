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

  it.each([
    '/cava/1',
  ])('registers the public route %s', async (path) => {
    mockFetch({});
    renderApp(path);
    expect(await screen.findByText('Esta página aún no está disponible.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });

  it('registers the public onboarding link /establecer-password', async () => {
    mockFetch({});
    renderApp('/establecer-password?merchant_id=M&email=a@b.c');
    expect(await screen.findByRole('heading', { name: 'Establecer Contraseña' })).toBeInTheDocument();
  });
});
