import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../../test/utils';
import { loadStaffTexts } from '../../app/i18n';
import { RevenueChart } from './components/RevenueChart';
import type { Resumen } from './api/get-resumen';
import type { PrimerosPasos } from './api/first-steps';

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

const zero = { pedidos: 0, ventas_pedidos: 0, propinas: 0, cupones: 0, ventas_cupones: 0, ingresos: 0 };
const day = (fecha: string, ventas = 0) => ({ fecha, pedidos: ventas ? 1 : 0, ventas_pedidos: ventas, propinas: 0, cupones: 0, ventas_cupones: 0 });
const resumen: Resumen = {
  moneda: 'USD',
  zona_horaria: 'America/New_York',
  dias: 30,
  hoy: { ...zero, pedidos: 2, ventas_pedidos: 4549, propinas: 300, ingresos: 4549 },
  periodo: { pedidos: 5, ventas_pedidos: 10000, propinas: 1250, cupones: 3, ventas_cupones: 4500, ingresos: 14500 },
  serie: Array.from({ length: 30 }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, '0')}`, i === 29 ? 4549 : 0)),
  fees: { hoy: 500, hoy_cobrados: 0, periodo: 1500, periodo_cobrados: 1000, serie: Array.from({ length: 30 }, (_, i) => (i === 29 ? 500 : 0)) },
};

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await resetLanguage();
});

const CLAVES = ['pos', 'menu', 'marca', 'horario', 'pedido', 'qr'] as const;
const steps = (done: readonly string[]): PrimerosPasos => ({
  pasos: CLAVES.map((clave) => ({ clave, hecho: done.includes(clave) })),
  completo: done.length === CLAVES.length,
});

function ownerRoutes(firstSteps: PrimerosPasos = steps(CLAVES)) {
  storeSession({ clienteId: '3' });
  return mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0 } },
    'GET /api/clientes/3': { body: cliente },
    'GET /api/clientes/3/resumen': { body: resumen },
    'GET /api/clientes/3/fees': { body: [] },
    'GET /api/clientes/3/primeros-pasos': { body: firstSteps },
    'PUT /api/clientes/3/primeros-pasos/qr': { body: steps(['pos', 'qr']) },
  });
}

describe('the staff layout', () => {
  it("shows the owner's restaurant, every section with its cliente_id, the panel and sign-out", async () => {
    ownerRoutes();
    renderApp('/popups?cliente_id=3');
    const nav = await screen.findByRole('navigation', { name: 'Secciones del panel' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('staff-restaurant')).toHaveTextContent('Tres'), { timeout: 5000 });
    expect(within(nav).getByRole('link', { name: 'Panel' })).toHaveAttribute('href', '/dashboard/3');
    expect(within(nav).getByRole('link', { name: 'Popups' })).toHaveAttribute('aria-current', 'page');
    for (const [name, href] of [
      ['Tablero de pedidos', '/pedidos?cliente_id=3'],
      ['Categorías', '/clover-categories?cliente_id=3'],
      ['Productos', '/clover-products?cliente_id=3'],
      ['Configuraciones', '/settings?cliente_id=3'],
      ['Ofertas', '/crear-oferta?cliente_id=3'],
      ['Canjear cupón', '/dashboard/3#canjear'],
      ['Clientes', '/customer?cliente_id=3'],
      ['Campañas', '/campanas?cliente_id=3'],
      ['Vinos', '/list?cliente_id=3'],
      ['Importar vinos', '/list?cliente_id=3&tab=importar'],
      ['Ajustes de pedidos', '/pedidos/ajustes?cliente_id=3'],
      ['Equipo', '/equipo?cliente_id=3'],
      ['Actividad', '/equipo/actividad?cliente_id=3'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
      expect(within(nav).getByRole('link', { name })).not.toHaveAttribute('aria-current');
    }
    expect(screen.getByRole('button', { name: 'Cerrar Sesión' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Volver al dashboard' })).not.toBeInTheDocument();
  }, 15_000);

  it('tells the super admin which restaurant they view and links back to their dashboard', async () => {
    storeSession({ superadmin: true });
    mockFetch({
      'POST /api/auth/validate': { body: { cliente_id: null, is_superadmin: 1 } },
      'GET /api/clientes/3': { body: cliente },
      'GET /api/clientes/3/resumen': { body: resumen },
      'GET /api/clientes/3/fees': { body: [] },
      'GET /api/clientes/3/primeros-pasos': { body: steps(CLAVES) },
    });
    renderApp('/super-admin/dashboard/3');
    await waitFor(() => expect(screen.getByTestId('staff-restaurant')).toHaveTextContent('Viendo: Tres'), { timeout: 5000 });
    const nav = screen.getByRole('navigation', { name: 'Secciones del panel' });
    expect(within(nav).getByRole('link', { name: 'Panel' })).toHaveAttribute('href', '/super-admin/dashboard/3');
    expect(within(nav).getByRole('link', { name: 'Configuraciones' })).toHaveAttribute('href', '/settings?cliente_id=3');
    expect(screen.getByRole('link', { name: 'Volver al dashboard' })).toHaveAttribute('href', '/super-admin/dashboard');
  }, 15_000);
});

describe('the grouped staff navigation', () => {
  it('groups the sections under Hoy, Menú, Ventas, Cava and Ajustes, every label once, in both languages', async () => {
    ownerRoutes();
    renderApp('/dashboard/3');
    const nav = await screen.findByRole('navigation', { name: 'Secciones del panel' }, { timeout: 5000 });
    const group = (name: string) => within(nav).getByRole('list', { name });
    const names = (name: string) => within(group(name)).getAllByRole('link').map((a) => a.textContent);
    expect(names('Hoy')).toEqual(['Panel', 'Tablero de pedidos', 'Mesas']);
    expect(names('Menú')).toEqual(['Categorías', 'Productos', 'Popups', 'Configuraciones']);
    expect(names('Ventas')).toEqual(['Ofertas', 'Canjear cupón', 'Clientes', 'Campañas']);
    expect(names('Cava')).toEqual(['Vinos', 'Importar vinos']);
    expect(names('Ajustes')).toEqual(['Ajustes de pedidos', 'Equipo', 'Actividad']);
    const all = within(nav).getAllByRole('link').map((a) => a.textContent);
    expect(new Set(all).size).toBe(all.length);
    expect(within(nav).getByRole('link', { name: 'Panel' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('link').filter((a) => a.getAttribute('aria-current'))).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    const en = await screen.findByRole('navigation', { name: 'Panel sections' });
    const enNames = within(en).getAllByRole('link').map((a) => a.textContent);
    expect(new Set(enNames).size).toBe(enNames.length);
    expect(within(within(en).getByRole('list', { name: 'Cellar' })).getAllByRole('link').map((a) => a.textContent)).toEqual(['Wines', 'Import wines']);
  }, 15_000);

  it('marks the wine tab shown as the current page, and the redeem card when the panel is opened at it', async () => {
    ownerRoutes();
    renderApp('/dashboard/3#canjear');
    const nav = await screen.findByRole('navigation', { name: 'Secciones del panel' }, { timeout: 5000 });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Canjear cupón' })).toHaveAttribute('aria-current', 'page'));
    expect(within(nav).getByRole('link', { name: 'Panel' })).not.toHaveAttribute('aria-current');
    await userEvent.click(within(nav).getByRole('link', { name: 'Importar vinos' }));
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Importar vinos' })).toHaveAttribute('aria-current', 'page'));
    expect(within(nav).getByRole('link', { name: 'Vinos' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('tab', { name: 'Buscar e importar' })).toHaveAttribute('aria-selected', 'true');
  }, 15_000);

  it('opens the phone drawer from the menu button: focus inside and trapped, Escape closes it and gives the focus back', async () => {
    ownerRoutes();
    renderApp('/popups?cliente_id=3');
    const button = await screen.findByRole('button', { name: 'Secciones' }, { timeout: 5000 });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    const drawer = screen.getByRole('dialog');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const close = within(drawer).getByRole('button', { name: 'Cerrar' });
    expect(close).toHaveFocus();
    expect(within(drawer).getByRole('link', { name: 'Popups' })).toHaveAttribute('aria-current', 'page');
    // Shift+Tab from the first control wraps to the last link (Actividad).
    await userEvent.tab({ shift: true });
    expect(within(drawer).getByRole('link', { name: 'Actividad' })).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    // A link closes the drawer and opens its page.
    await userEvent.click(button);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Clientes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/customer?cliente_id=3'), { timeout: 5000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 15_000);
});

describe('the first-run checklist', () => {
  it('lists the six steps with their links, ticked from the server, until all are done', async () => {
    ownerRoutes(steps(['pos', 'menu']));
    renderApp('/dashboard/3');
    const card = await screen.findByRole('region', { name: 'Primeros pasos' }, { timeout: 10_000 });
    expect(within(card).getByTestId('first-steps-progress')).toHaveTextContent('2 de 6 hechos');
    const items = within(card).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '✓Conecta tu punto de venta (Clover)Hecho',
      '✓Sincroniza el menúHecho',
      'Añade el logo y los coloresPendiente',
      'Define el horario y activa los pedidos en líneaPendiente',
      'Haz un pedido de pruebaPendiente',
      'Imprime los códigos QRPendiente',
    ]);
    for (const [name, href] of [
      ['Conecta tu punto de venta (Clover)', '/dashboard/3#conexion-clover'],
      ['Sincroniza el menú', '/clover-categories?cliente_id=3'],
      ['Añade el logo y los colores', '/settings?cliente_id=3'],
      ['Define el horario y activa los pedidos en línea', '/pedidos/ajustes?cliente_id=3'],
      ['Haz un pedido de prueba', '/ordenar-en-linea/3'],
      ['Imprime los códigos QR', '/dashboard/3#codigos-qr'],
    ]) {
      expect(within(card).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  }, 15_000);

  it('records the QR codes printed when one is downloaded, and is gone once every step is done', async () => {
    const { calls } = ownerRoutes(steps(['pos']));
    renderApp('/dashboard/3');
    const card = await screen.findByRole('region', { name: 'Primeros pasos' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('link', { name: 'Descargar SVG' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/api/clientes/3/primeros-pasos/qr'))).toBe(true));
    await waitFor(() => expect(within(card).getByTestId('first-steps-progress')).toHaveTextContent('2 de 6 hechos'));
  }, 15_000);

  it('does not show when every step is done', async () => {
    ownerRoutes(steps(CLAVES));
    renderApp('/dashboard/3');
    await screen.findByTestId('stat-orders-today', {}, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Primeros pasos' })).not.toBeInTheDocument();
  }, 15_000);
});

describe('the panel summary', () => {
  it("shows today's orders and 30 days of coupons, revenue and fees", async () => {
    ownerRoutes();
    renderApp('/dashboard/3');
    const today = await screen.findByTestId('stat-orders-today', {}, { timeout: 10_000 });
    expect(today).toHaveTextContent('Pedidos de hoy');
    expect(today).toHaveTextContent('2');
    expect(today).toHaveTextContent('$45.49');
    expect(screen.getByTestId('stat-coupons')).toHaveTextContent('Cupones vendidos (30 días)3');
    expect(screen.getByTestId('stat-revenue')).toHaveTextContent('$145.00');
    expect(screen.getByTestId('stat-fees')).toHaveTextContent('$15.00');
    expect(screen.getByTestId('stat-fees')).toHaveTextContent('$10.00 ya cobradas');
    expect(screen.getByTestId('stat-tips')).toHaveTextContent('Propinas (30 días)$12.50');
    expect(screen.getByTestId('stat-tips')).toHaveTextContent('Hoy: $3.00');
    expect(screen.getByTestId('revenue-chart')).toBeInTheDocument();
  }, 15_000);

  it("leaves the fees card out when the server sends no fees (a manager's summary)", async () => {
    storeSession({ clienteId: '3' });
    const withoutFees: Resumen = { ...resumen, fees: undefined }; // JSON leaves it out
    mockFetch({
      'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0, rol: 'gerente' } },
      'GET /api/clientes/3': { body: cliente },
      'GET /api/clientes/3/resumen': { body: withoutFees },
      'GET /api/clientes/3/primeros-pasos': { body: steps(CLAVES) },
    });
    renderApp('/dashboard/3');
    expect(await screen.findByTestId('stat-revenue', {}, { timeout: 10_000 })).toHaveTextContent('$145.00');
    expect(screen.getByTestId('stat-tips')).toBeInTheDocument();
    expect(screen.queryByTestId('stat-fees')).not.toBeInTheDocument();
    expect(screen.queryByText(/Comisiones/)).not.toBeInTheDocument();
  }, 15_000);

  it('downloads the summary by day as a CSV file with the staff token', async () => {
    storeSession({ clienteId: '3' });
    const csv = 'fecha,pedidos\n2026-11-30,2\n';
    const { calls } = mockFetch({
      'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0 } },
      'GET /api/clientes/3': { body: cliente },
      'GET /api/clientes/3/resumen': { body: resumen },
      'GET /api/clientes/3/fees': { body: [] },
      'GET /api/clientes/3/primeros-pasos': { body: steps(CLAVES) },
      'GET /api/clientes/3/resumen.csv': () => new Response(csv, { headers: { 'Content-Type': 'text/csv' } }),
    });
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
    renderApp('/dashboard/3');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Descargar el resumen por día (CSV)' }, { timeout: 10_000 }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('resumen-3.csv');
    expect(await saved[0].blob.text()).toBe(csv);
    expect(calls.find((c) => c.url.startsWith('/api/clientes/3/resumen.csv'))!.headers.Authorization).toBe('Bearer tok-1');
    click.mockRestore();
  }, 15_000);
});

describe('the revenue chart', () => {
  it('draws one bar per day with sales, scaled to the best day, and describes itself', async () => {
    await loadStaffTexts();
    const serie = [day('2026-11-01', 1000), day('2026-11-02'), { ...day('2026-11-03', 3000), cupones: 1, ventas_cupones: 1000 }];
    const { container } = render(
      <I18nextProvider i18n={i18next}>
        <RevenueChart serie={serie} moneda="USD" />
      </I18nextProvider>,
    );
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(/últimos 3 días: \$50\.00 en total; el mejor día, \$40\.00\./);
    const orders = container.querySelectorAll('.revenue-chart__orders');
    const coupons = container.querySelectorAll('.revenue-chart__coupons');
    expect(orders).toHaveLength(2);
    expect(coupons).toHaveLength(1);
    // The best day (30 + 10) fills the height; the first day (10) is a quarter of it.
    const h = (el: Element) => Number(el.getAttribute('height'));
    expect(h(orders[1]) + h(coupons[0])).toBeCloseTo(4 * h(orders[0]));
  });
});
