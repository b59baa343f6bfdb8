import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockFetch, queryOf, renderApp, resetLanguage, storeSession, type FetchCall, type MockAnswer } from '../../test/utils';
import type { Actividad, ActividadPage } from './api/activity-api';
import { dayStart, nextDay } from './lib/zoned-day';

const LOG = 'GET /api/clientes/3/actividad';

const cancel: Actividad = {
  id: 12,
  cliente_id: 3,
  restaurante: 'Tres',
  actor: 'duena@tres.example',
  accion: 'pedido.cancelar',
  objeto: 'Pedido #4 (Ana)',
  detalle: 'Motivo: Se acabó; importe: 97.43 EUR',
  ip: '203.0.113.9',
  created_at: 1_795_000_000, // 2026-11-18 11:06:40 UTC
  zona_horaria: 'Europe/Madrid',
};
const hide: Actividad = {
  ...cancel,
  id: 11,
  accion: 'producto.visibilidad',
  objeto: 'Jamón Ibérico',
  detalle: 'Oculto del menú',
  actor: 'gerente@tres.example',
};
const unknown: Actividad = { ...cancel, id: 10, accion: 'algo.nuevo', actor: '', objeto: '', detalle: '' };

function page(actividad: Actividad[], siguiente: number | null = null): ActividadPage {
  return { actividad, siguiente };
}

function ownerWith(log: MockAnswer, more: Record<string, MockAnswer> = {}) {
  storeSession({ clienteId: '3' });
  return mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0, rol: 'propietario', restaurantes: [] } },
    'GET /api/clientes/3': { body: { id: 3, nombre: 'Tres' } },
    'GET /api/configuraciones': {
      body: { cliente_id: 3, moneda: 'EUR', pais: 'ES', locales: { es: 'es-ES', en: 'en-ES' }, zona_horaria: 'Europe/Madrid' },
    },
    [LOG]: log,
    ...more,
  });
}

const logCalls = (calls: FetchCall[]) => calls.filter((c) => c.url.startsWith('/api/clientes/3/actividad?'));

describe("the owner's 'Actividad' page", () => {
  beforeEach(resetLanguage);
  afterEach(() => vi.unstubAllGlobals());

  it('lists who did what, on what, when (in the restaurant’s locale and zone) and from where; unknown actions by name', async () => {
    const { calls } = ownerWith({ body: page([cancel, hide, unknown]) });
    renderApp('/equipo/actividad?cliente_id=3');
    expect(await screen.findByRole('heading', { name: 'Actividad', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows).toHaveLength(3);
    const first = within(rows[0]);
    // 11:06 UTC is 12:06 in Madrid, written the Spanish way.
    expect(first.getByRole('rowheader')).toHaveTextContent('18/11/2026, 12:06');
    expect(rows[0]).toHaveTextContent('duena@tres.example');
    expect(rows[0]).toHaveTextContent('Canceló un pedido');
    expect(rows[0]).toHaveTextContent('Pedido #4 (Ana)');
    expect(rows[0]).toHaveTextContent('97.43 EUR');
    expect(rows[0]).toHaveTextContent('203.0.113.9');
    expect(rows[1]).toHaveTextContent('Cambió la visibilidad de productos');
    expect(rows[2]).toHaveTextContent('algo.nuevo');
    expect(rows[2]).toHaveTextContent('Carta (sistema)');
    expect(queryOf(logCalls(calls)[0]).get('limit')).toBe('50');
    // The staff navigation marks the page.
    const nav = screen.getByRole('navigation', { name: 'Secciones del panel' });
    expect(within(nav).getByRole('link', { name: 'Actividad' })).toHaveAttribute('aria-current', 'page');
  });

  it('in English', async () => {
    await i18next.changeLanguage('en');
    ownerWith({ body: page([cancel]) });
    renderApp('/equipo/actividad?cliente_id=3');
    const rows = await screen.findAllByTestId('activity-row', {}, { timeout: 5000 });
    expect(rows[0]).toHaveTextContent('Cancelled an order');
    expect(screen.getByRole('heading', { name: 'Activity', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'IP address' })).toBeInTheDocument();
  });

  it("filters by kind, person and days in the restaurant's zone, and 'Cargar más' asks for older actions", async () => {
    const { calls } = ownerWith((call) => {
      const q = queryOf(call);
      if (q.get('antes') === '11') return { body: page([unknown]) };
      if (q.get('accion')) return { body: page([]) };
      return { body: page([cancel, hide], 11) };
    });
    renderApp('/equipo/actividad?cliente_id=3');
    await screen.findAllByTestId('activity-row', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(3));
    expect(queryOf(logCalls(calls).at(-1)!).get('antes')).toBe('11');
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Tipo de acción'), 'Pedidos: cancelaciones y reembolsos');
    await userEvent.type(screen.getByLabelText('Persona'), ' duena@ ');
    await userEvent.type(screen.getByLabelText('Desde'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('Hasta'), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Ninguna acción coincide con los filtros.')).toBeInTheDocument();
    const q = queryOf(logCalls(calls).at(-1)!);
    expect(q.get('accion')).toBe('pedido.');
    expect(q.get('actor')).toBe('duena@');
    // Midnight in Madrid (UTC+1 in November).
    expect(q.get('desde')).toBe(String(Date.UTC(2026, 10, 1) / 1000 - 3600));
    expect(q.get('hasta')).toBe(String(Date.UTC(2026, 11, 1) / 1000 - 3600));
    expect(q.has('antes')).toBe(false);

    // Without filters again: the list as it was, both pages.
    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(3));
  });

  it('says so when the role may not read it (the API answers 403)', async () => {
    ownerWith({ status: 403, body: { error: 'No tienes permiso.' } });
    renderApp('/equipo/actividad?cliente_id=3');
    expect(
      await screen.findByText('Solo el propietario del restaurante y el super admin pueden ver la actividad.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('activity-row')).not.toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    ownerWith({ body: page([]) });
    renderApp('/equipo/actividad?cliente_id=3');
    expect(await screen.findByText('Todavía no hay actividad registrada.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe("the super admin's platform activity", () => {
  beforeEach(resetLanguage);
  afterEach(() => vi.unstubAllGlobals());

  it('lists every restaurant’s actions with the restaurant', async () => {
    storeSession({ superadmin: true });
    const other: Actividad = { ...hide, id: 13, cliente_id: 5, restaurante: 'Cinco', zona_horaria: 'America/Mexico_City' };
    const { calls } = mockFetch({
      'POST /api/auth/validate': { body: { cliente_id: null, is_superadmin: 1, restaurantes: [] } },
      'GET /api/admin/actividad': { body: page([other, cancel]) },
    });
    renderApp('/super-admin/actividad');
    expect(await screen.findByRole('heading', { name: 'Actividad de la plataforma', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows[0]).toHaveTextContent('Cinco');
    expect(rows[1]).toHaveTextContent('Tres');
    expect(screen.getByRole('columnheader', { name: 'Restaurante' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/admin/actividad?'))).toBe(true);
    expect(within(screen.getByRole('navigation', { name: 'Secciones del panel' })).getByRole('link', { name: 'Actividad' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('dayStart', () => {
  it("is a day's midnight in a zone, across a DST change", () => {
    expect(dayStart('2026-07-01', 'Europe/Madrid')).toBe(Date.UTC(2026, 6, 1) / 1000 - 7200);
    expect(dayStart('2026-03-29', 'Europe/Madrid')).toBe(Date.UTC(2026, 2, 29) / 1000 - 3600);
    expect(dayStart('2026-11-02', 'America/New_York')).toBe(Date.UTC(2026, 10, 2) / 1000 + 5 * 3600);
    expect(dayStart('nope', 'Europe/Madrid')).toBeNull();
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
