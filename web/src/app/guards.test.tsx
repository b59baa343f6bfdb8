import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../test/utils';

/** Restaurant 3's 'Clientes' page, with no diners yet. */
const noCustomers = {
  'GET /api/clientes/3': { body: { id: 3, nombre: 'Tres' } },
  'GET /api/clientes/3/usuarios': { body: { usuarios: [], total: 0, siguiente: '', moneda: 'USD' } },
};

describe('route guards', () => {
  beforeEach(resetLanguage);

  it.each(['/super-admin', '/dashboard/1', '/clover-categories', '/list', '/admin', '/super-admin/dashboard'])(
    'sends a visitor without token from %s to /login',
    async (path) => {
      const { fn } = mockFetch({});
      renderApp(path);
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
      expect(fn).not.toHaveBeenCalled();
    },
  );

  it.each(['/super-admin', '/super-admin/clover-auth'])(
    'sends a restaurant user from %s to its own panel',
    async (path) => {
      storeSession({ clienteId: '3' });
      mockFetch({
        'POST /api/auth/validate': { body: { cliente_id: 3, merchant_id: 'M3', is_superadmin: false } },
        'GET /api/clientes/3': { body: { id: 3, nombre: 'Tres' } },
      });
      renderApp(path);
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/3$/));
    },
  );

  it.each(['/clover-categories', '/clover-products', '/settings', '/popups', '/crear-oferta', '/customer'])(
    'sends a super admin from %s to /super-admin',
    async (path) => {
      storeSession({ superadmin: true });
      mockFetch({ 'POST /api/auth/validate': { body: { cliente_id: null, merchant_id: null, is_superadmin: true } } });
      renderApp(path);
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/super-admin$/));
    },
  );

  it('lets a super admin open a restaurant-only page for the restaurant named by ?cliente_id=', async () => {
    storeSession({ superadmin: true });
    mockFetch({ 'POST /api/auth/validate': { body: { cliente_id: null, merchant_id: null, is_superadmin: true } }, ...noCustomers });
    renderApp('/customer?cliente_id=3');
    expect(await screen.findByText('Aún no hay clientes registrados.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/customer?cliente_id=3');
  });

  it.each([
    ['/list?cliente_id=3', '/list?cliente_id=3', 'Vinos de la cava'],
    // The spec's /admin (the lookup and import) is the wine page's second tab now.
    ['/admin?cliente_id=3', '/list?cliente_id=3&tab=importar', 'Buscar e importar'],
  ])('lets a restaurant user open the wine page %s', async (path, landed, tab) => {
    storeSession({ clienteId: '3' });
    mockFetch({
      'POST /api/auth/validate': { body: { cliente_id: 3, merchant_id: 'M3', is_superadmin: false } },
      'GET /api/vinos': { body: [] },
      'GET /api/configuraciones': { body: {} },
    });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Gestión de Vinos', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(landed));
  });

  it('lets a restaurant user open a restaurant-only page', async () => {
    storeSession({ clienteId: '3' });
    mockFetch({ 'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0 } }, ...noCustomers });
    renderApp('/customer?cliente_id=3');
    expect(await screen.findByText('Aún no hay clientes registrados.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/customer?cliente_id=3');
  });

  it('lets a super admin open any restaurant panel', async () => {
    storeSession({ superadmin: true });
    mockFetch({
      'POST /api/auth/validate': { body: { is_superadmin: 1 } },
      'GET /api/clientes/2': { body: { id: 2, nombre: 'Segundo' } },
    });
    renderApp('/dashboard/2');
    expect(await screen.findByText('Segundo')).toBeInTheDocument();
    // The wine cellar's pages, for the restaurant shown.
    expect(screen.getByRole('link', { name: 'Vinos' })).toHaveAttribute('href', '/list?cliente_id=2');
    expect(screen.getByRole('link', { name: 'Importar vinos' })).toHaveAttribute('href', '/list?cliente_id=2&tab=importar');
  });

  it('shows a loading indicator, not a redirect, while the session is validated', async () => {
    storeSession({ clienteId: '3' });
    mockFetch({ 'POST /api/auth/validate': () => new Promise<never>(() => undefined) });
    renderApp('/dashboard/3');
    expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/3');
  });

  it('shows the forbidden message when the server answers 403', async () => {
    storeSession({ clienteId: '2' });
    mockFetch({
      'POST /api/auth/validate': { body: { cliente_id: 2, is_superadmin: false } },
      'GET /api/clientes/1': { status: 403, body: { error: 'Prohibido' } },
    });
    renderApp('/dashboard/1');
    expect(await screen.findByRole('alert')).toHaveTextContent('No tienes permiso para ver este restaurante.');
    expect(screen.queryByRole('link', { name: 'Categorías' })).not.toBeInTheDocument();
  });
});
