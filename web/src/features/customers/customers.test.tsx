import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockFetch, queryOf, renderApp, resetLanguage, storeSession, type FetchCall, type MockAnswer } from '../../test/utils';
import type { Comensal, Comensales } from './api/customers-api';

const LIST = 'GET /api/clientes/3/usuarios';

const ana: Comensal = {
  id: 7,
  nombre: 'Ana Ruiz',
  email: 'ana@example.com',
  telefono: '+52 55 1234 5678',
  ultima_visita: 1_767_225_600, // 2026-01-01
  registrado_at: 1_735_689_600, // 2025-01-01
  invitado: false,
  cupones: 2,
  pedidos: 1,
  gastado: 4549,
  puntos: 45,
};
const beto: Comensal = { ...ana, id: 8, nombre: 'Beto Paz', email: '', telefono: '', cupones: 0, pedidos: 0, gastado: 0, puntos: 0 };

function page(usuarios: Comensal[], extra: Partial<Comensales> = {}): Comensales {
  return { usuarios, total: usuarios.length, siguiente: '', moneda: 'USD', ...extra };
}

function ownerWith(list: MockAnswer, more: Record<string, MockAnswer> = {}) {
  storeSession({ clienteId: '3' });
  return mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0 } },
    'GET /api/clientes/3': { body: { id: 3, nombre: 'Tres' } },
    [LIST]: list,
    ...more,
  });
}

const listCalls = (calls: FetchCall[]) => calls.filter((c) => c.url.startsWith('/api/clientes/3/usuarios?'));

describe("the owner's 'Clientes' page", () => {
  beforeEach(resetLanguage);
  afterEach(() => vi.unstubAllGlobals());

  it('lists the diners with their contact, last visit, coupons, spending and points', async () => {
    const { calls } = ownerWith({ body: page([ana, beto]) });
    renderApp('/customer?cliente_id=3');
    expect(await screen.findByRole('heading', { name: 'Clientes', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('customer-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByText('2 clientes')).toBeInTheDocument();
    const first = within(rows[0]);
    expect(first.getByRole('rowheader')).toHaveTextContent('Ana Ruiz');
    expect(first.getByRole('link', { name: 'ana@example.com' })).toHaveAttribute('href', 'mailto:ana@example.com');
    expect(first.getByRole('link', { name: '+52 55 1234 5678' })).toHaveAttribute('href', 'tel:+525512345678');
    expect(rows[0]).toHaveTextContent('$45.49');
    expect(rows[0]).toHaveTextContent('45');
    expect(within(rows[1]).getByText('Sin permiso de contacto')).toBeInTheDocument();
    expect(queryOf(listCalls(calls)[0]).get('limit')).toBe('50');
    // The panel's navigation marks the page.
    const nav = screen.getByRole('navigation', { name: 'Secciones del panel' });
    expect(within(nav).getByRole('link', { name: 'Clientes' })).toHaveAttribute('aria-current', 'page');
  });

  it("marks guests 'Invitado' (both languages), their orders counted, contact only with their consent", async () => {
    const gala: Comensal = { ...beto, id: 7, invitado: true, nombre: 'Gala Invitada', email: 'gala@example.com', pedidos: 2, gastado: 3000 };
    const hugo: Comensal = { ...beto, id: 9, invitado: true, nombre: 'Hugo Invitado', pedidos: 1, gastado: 1200 };
    ownerWith({ body: page([gala, ana, hugo]) });
    renderApp('/customer?cliente_id=3');
    const rows = await screen.findAllByTestId('customer-row', {}, { timeout: 5000 });
    // A guest and an account with the same id are two rows.
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Gala Invitada Invitado');
    expect(within(rows[0]).getByRole('link', { name: 'gala@example.com' })).toBeInTheDocument();
    expect(within(rows[0]).getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('rowheader')).not.toHaveTextContent('Invitado');
    expect(within(rows[2]).getByRole('rowheader')).toHaveTextContent('Hugo Invitado Invitado');
    expect(within(rows[2]).getByText('Sin permiso de contacto')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Pedidos' })).toBeInTheDocument();
    await act(() => i18next.changeLanguage('en'));
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Gala Invitada Guest');
    expect(screen.getByRole('columnheader', { name: 'Orders' })).toBeInTheDocument();
  });

  it('searches by name or e-mail through the API', async () => {
    const { calls } = ownerWith((call) => ({ body: queryOf(call).get('q') === 'ana' ? page([ana]) : page([ana, beto]) }));
    renderApp('/customer?cliente_id=3');
    await screen.findByText('2 clientes', {}, { timeout: 5000 });
    await userEvent.setup().type(screen.getByLabelText('Buscar por nombre o correo'), 'ana');
    expect(await screen.findByText('1 cliente coincide con la búsqueda')).toBeInTheDocument();
    expect(screen.getAllByTestId('customer-row')).toHaveLength(1);
    expect(queryOf(listCalls(calls).at(-1)!).get('q')).toBe('ana');
  });

  it('says so when no diner has registered yet, in both languages', async () => {
    ownerWith({ body: page([]) });
    renderApp('/customer?cliente_id=3');
    expect(await screen.findByText('Aún no hay clientes registrados.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await i18next.changeLanguage('en');
    expect(await screen.findByText('No customers have registered yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Customers', level: 1 })).toBeInTheDocument();
  });

  it("shows the server's error and loads again on 'Reintentar'", async () => {
    let fail = true;
    // A 500 is retried twice (1 s, then 2 s) before the page shows it: the clock is the test's.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      ownerWith(() => (fail ? { status: 500, body: { error: 'Error interno del servidor.' } } : { body: page([ana]) }));
      renderApp('/customer?cliente_id=3');
      await screen.findByRole('heading', { name: 'Clientes', level: 1 }, { timeout: 5000 });
      await act(() => vi.advanceTimersByTimeAsync(3_100));
      expect(await screen.findByRole('alert')).toHaveTextContent('Error interno del servidor.');
      fail = false;
      await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Reintentar' }));
      expect(await screen.findAllByTestId('customer-row')).toHaveLength(1);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("loads the next page with the cursor on 'Cargar más'", async () => {
    const { calls } = ownerWith((call) =>
      queryOf(call).get('cursor') === 'c1' ? { body: page([beto], { total: 2 }) } : { body: page([ana], { total: 2, siguiente: 'c1' }) },
    );
    renderApp('/customer?cliente_id=3');
    await screen.findByText('2 clientes', {}, { timeout: 5000 });
    expect(screen.getAllByTestId('customer-row')).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(screen.getAllByTestId('customer-row')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
    expect(queryOf(listCalls(calls).at(-1)!).get('cursor')).toBe('c1');
  });

  it("downloads the CSV with the owner's token on 'Exportar CSV'", async () => {
    const csv = 'nombre,email\nAna Ruiz,ana@example.com\n';
    const { calls } = ownerWith(
      { body: page([ana]) },
      { 'GET /api/clientes/3/usuarios.csv': () => new Response(csv, { headers: { 'Content-Type': 'text/csv' } }) },
    );
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    vi.stubGlobal('URL', Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        blobs.set('blob:csv', b);
        return 'blob:csv';
      },
      revokeObjectURL: () => undefined,
    }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    renderApp('/customer?cliente_id=3');
    await screen.findAllByTestId('customer-row', {}, { timeout: 5000 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('clientes-3.csv');
    expect(await saved[0].blob.text()).toBe(csv);
    const call = calls.find((c) => c.url.startsWith('/api/clientes/3/usuarios.csv'))!;
    expect(call.headers.Authorization).toBe('Bearer tok-1');
    click.mockRestore();
  });
});
