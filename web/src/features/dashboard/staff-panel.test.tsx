import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../../test/utils';
import { loadStaffTexts } from '../../app/i18n';
import { RevenueChart } from './components/RevenueChart';
import type { Resumen } from './api/get-resumen';

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

const zero = { pedidos: 0, ventas_pedidos: 0, cupones: 0, ventas_cupones: 0, ingresos: 0, fees: 0, fees_cobrados: 0 };
const day = (fecha: string, ventas = 0) => ({ fecha, pedidos: ventas ? 1 : 0, ventas_pedidos: ventas, cupones: 0, ventas_cupones: 0, fees: 0 });
const resumen: Resumen = {
  moneda: 'USD',
  zona_horaria: 'America/New_York',
  dias: 30,
  hoy: { ...zero, pedidos: 2, ventas_pedidos: 4549, ingresos: 4549 },
  periodo: { pedidos: 5, ventas_pedidos: 10000, cupones: 3, ventas_cupones: 4500, ingresos: 14500, fees: 1500, fees_cobrados: 1000 },
  serie: Array.from({ length: 30 }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, '0')}`, i === 29 ? 4549 : 0)),
};

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await resetLanguage();
});

function ownerRoutes() {
  storeSession({ clienteId: '3' });
  return mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0 } },
    'GET /api/clientes/3': { body: cliente },
    'GET /api/clientes/3/resumen': { body: resumen },
    'GET /api/clientes/3/fees': { body: [] },
  });
}

describe('the staff layout', () => {
  it("shows the owner's restaurant, every section with its cliente_id, the panel and sign-out", async () => {
    ownerRoutes();
    renderApp('/popups?cliente_id=3');
    const nav = await screen.findByRole('navigation', { name: 'Secciones del panel' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('staff-restaurant')).toHaveTextContent('Tres'), { timeout: 5000 });
    expect(within(nav).getByRole('link', { name: 'Panel' })).toHaveAttribute('href', '/dashboard/3');
    expect(within(nav).getByRole('link', { name: 'Gestión de Popups' })).toHaveAttribute('aria-current', 'page');
    for (const [name, href] of [
      ['Gestión de Categorías', '/clover-categories?cliente_id=3'],
      ['Crear Oferta', '/crear-oferta?cliente_id=3'],
      ['Clientes', '/customer?cliente_id=3'],
      ['Tablero de pedidos', '/pedidos?cliente_id=3'],
      ['Gestión de Vinos', '/list?cliente_id=3'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
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
    });
    renderApp('/super-admin/dashboard/3');
    await waitFor(() => expect(screen.getByTestId('staff-restaurant')).toHaveTextContent('Viendo: Tres'), { timeout: 5000 });
    const nav = screen.getByRole('navigation', { name: 'Secciones del panel' });
    expect(within(nav).getByRole('link', { name: 'Panel' })).toHaveAttribute('href', '/super-admin/dashboard/3');
    expect(within(nav).getByRole('link', { name: 'Configuraciones' })).toHaveAttribute('href', '/settings?cliente_id=3');
    expect(screen.getByRole('link', { name: 'Volver al dashboard' })).toHaveAttribute('href', '/super-admin/dashboard');
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
    expect(screen.getByTestId('revenue-chart')).toBeInTheDocument();
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
