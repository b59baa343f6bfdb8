import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetLanguage, staffInfo, storeSession } from '../../test/utils';
import { can, homePathFor, landingFor, PAGE_NEEDS, pageNeed, roleAt, samePageAt, type Capability, type StaffRole } from './roles';
import type { Session } from './session-context';

const person = (rol: StaffRole, more: { cliente_id: number; nombre: string; merchant_id: string; rol: StaffRole }[] = []): Session => ({
  status: 'authenticated',
  token: 't',
  clienteId: '1',
  merchantId: 'M1',
  isSuperadmin: false,
  rol,
  restaurantes: [{ cliente_id: 1, nombre: 'Uno', merchant_id: 'M1', rol }, ...more],
});
const superAdmin: Session = { status: 'authenticated', token: 't', clienteId: null, merchantId: null, isSuperadmin: true, rol: null, restaurantes: [] };

/** The server's route table (internal/api/routes.go) as capabilities: which role may use which. */
const TABLE: [Capability, propietario: boolean, gerente: boolean, cocina: boolean, mesero: boolean][] = [
  ['board', true, true, true, true], // crew: GET pedidos, PUT pedidos/{id}/estado
  ['pause', true, true, true, false], // kitchen: PUT pedidos/pausa
  ['soldOut', true, true, true, false], // kitchen: PUT products/{id}/agotado
  ['redeem', true, true, false, true], // floor: POST vouchers/canjear
  ['panel', true, true, false, false], // manager: resumen, primeros-pasos
  ['cancelOrder', true, true, false, false], // manager: estado cancelado
  ['refund', true, true, false, false], // manager: reembolsar, reembolso
  ['orderSettings', true, true, false, false], // manager: PUT pedidos/config
  ['menu', true, true, false, false], // manager: categories, products, popups, configuraciones
  ['offers', true, true, false, false], // manager: POST cupones
  ['customers', true, true, false, false], // manager: usuarios, usuarios.csv
  ['wines', true, true, false, false], // manager: vinos
  ['billing', true, false, false, false], // owner: fees, verificar_tarjeta, agregar-tarjeta
  ['equipo', true, false, false, false], // owner: the staff and the audit log
  ['menuView', false, false, false, true], // the waiter's read-only menu link
];

describe('can(session, capability)', () => {
  it.each(TABLE)('%s: propietario %s, gerente %s, cocina %s, mesero %s', (cap, ...allowed) => {
    const roles: StaffRole[] = ['propietario', 'gerente', 'cocina', 'mesero'];
    roles.forEach((r, i) => expect(can(person(r), cap), `${r} ${cap}`).toBe(allowed[i]));
    expect(can(superAdmin, cap)).toBe(true);
    expect(can({ status: 'anonymous' }, cap)).toBe(false);
  });

  it('takes the role at the restaurant named, not the session’s', () => {
    const group = person('propietario', [{ cliente_id: 2, nombre: 'Dos', merchant_id: 'M2', rol: 'cocina' }]);
    expect(roleAt(group, '2')).toBe('cocina');
    expect(can(group, 'billing', '1')).toBe(true);
    expect(can(group, 'billing', '2')).toBe(false);
    expect(can(group, 'board', '2')).toBe(true);
    // Not a member: nothing (the server answers 403 anyway).
    expect(can(group, 'board', '3')).toBe(false);
  });

  it('sends each role home: the kitchen and the floor to the board, the others to the panel', () => {
    expect(homePathFor(true, null)).toBe('/super-admin');
    expect(homePathFor(false, '4', 'propietario')).toBe('/dashboard/4');
    expect(homePathFor(false, '4', 'gerente')).toBe('/dashboard/4');
    expect(homePathFor(false, '4', 'cocina')).toBe('/pedidos?cliente_id=4');
    expect(homePathFor(false, '4', 'mesero')).toBe('/pedidos?cliente_id=4');
    const one = { cliente_id: 1, nombre: 'Uno', merchant_id: null, rol: 'propietario' as const };
    expect(landingFor({ cliente_id: 1, merchant_id: null, is_superadmin: false, rol: 'cocina', restaurantes: [{ ...one, rol: 'cocina' }] })).toBe(
      '/pedidos?cliente_id=1',
    );
    expect(landingFor({ cliente_id: 1, merchant_id: null, is_superadmin: false, rol: 'propietario', restaurantes: [one, { ...one, cliente_id: 2 }] })).toBe(
      '/elegir-restaurante',
    );
  });

  it('keeps the same page of the other restaurant when the role there opens it', () => {
    expect(samePageAt({ pathname: '/dashboard/1', search: '' }, '2', 'gerente')).toBe('/dashboard/2');
    expect(samePageAt({ pathname: '/list', search: '?cliente_id=1&tab=importar' }, '2', 'propietario')).toBe('/list?cliente_id=2&tab=importar');
    expect(samePageAt({ pathname: '/settings', search: '?cliente_id=1' }, '2', 'cocina')).toBe('/pedidos?cliente_id=2');
    expect(samePageAt({ pathname: '/pedidos', search: '?cliente_id=1' }, '2', 'mesero')).toBe('/pedidos?cliente_id=2');
    expect(pageNeed('/equipo')).toBe('equipo');
    expect(pageNeed('/somewhere-new')).toBe('panel');
    expect(Object.keys(PAGE_NEEDS)).toContain('/equipo/actividad');
  });
});

describe('the route guard by role', () => {
  beforeEach(resetLanguage);

  it.each([
    ['/settings?cliente_id=1', 'cocina', 'Cocina'],
    ['/dashboard/1', 'cocina', 'Cocina'],
    ['/customer?cliente_id=1', 'mesero', 'Mesero'],
    ['/pedidos/ajustes?cliente_id=1', 'mesero', 'Mesero'],
  ] as const)('%s as %s: the page says the role does not open it, with the way home', async (path, rol, name) => {
    storeSession({ clienteId: '1' });
    const { calls } = mockFetch({
      'POST /api/auth/validate': { body: staffInfo(rol) },
      'GET /api/clientes/1': { body: { id: 1, nombre: 'La Cava Demo' } },
    });
    renderApp(path);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(`Tu rol (${name}) no permite abrir esta página.`);
    // The page's own requests are never sent (the layout reads the restaurant and its settings for the locale).
    expect(calls.some((c) => /resumen|primeros-pasos|usuarios|pedidos\/config|popups|categories/.test(c.url))).toBe(false);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Ir a mi página de inicio' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pedidos?cliente_id=1'));
  });

  it('in English too', async () => {
    const i18next = (await import('i18next')).default;
    await i18next.changeLanguage('en');
    storeSession({ clienteId: '1' });
    mockFetch({ 'POST /api/auth/validate': { body: staffInfo('cocina') }, 'GET /api/clientes/1': { body: { id: 1, nombre: 'La Cava Demo' } } });
    renderApp('/popups?cliente_id=1');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Your role (Kitchen) cannot open this page.');
  });
});

describe('the staff navigation by role', () => {
  beforeEach(resetLanguage);

  async function navLinks(rol: StaffRole) {
    storeSession({ clienteId: '1' });
    mockFetch({
      'POST /api/auth/validate': { body: staffInfo(rol) },
      'GET /api/clientes/1': { body: { id: 1, nombre: 'La Cava Demo' } },
      'GET /api/vinos': { body: [] },
    });
    renderApp('/canjear?cliente_id=1');
    await screen.findByTestId('staff-restaurant', {}, { timeout: 5000 });
    const nav = screen.queryAllByRole('navigation', { name: 'Secciones del panel' })[0];
    return nav ? within(nav).getAllByRole('link').map((a) => a.textContent) : [];
  }

  it('gives the owner every section', async () => {
    const links = await navLinks('propietario');
    expect(links).toEqual(expect.arrayContaining(['Panel', 'Tablero de pedidos', 'Configuraciones', 'Clientes', 'Vinos', 'Ajustes de pedidos']));
    expect(links).not.toContain('Ver la carta');
  });

  it('gives the waiter the board, the tables, the voucher redemption and the menu read-only', async () => {
    expect(await navLinks('mesero')).toEqual(['Tablero de pedidos', 'Mesas', 'Ver la carta', 'Canjear cupón']);
    expect(screen.getByRole('link', { name: 'Canjear cupón' })).toHaveAttribute('href', '/canjear?cliente_id=1');
    expect(screen.getByRole('link', { name: 'Ver la carta' })).toHaveAttribute('href', '/menu/1');
  });

  it('gives the cook no sections at all (the board only, full width)', async () => {
    storeSession({ clienteId: '1' });
    mockFetch({
      'POST /api/auth/validate': { body: staffInfo('cocina') },
      'GET /api/clientes/1': { body: { id: 1, nombre: 'La Cava Demo' } },
      'GET /api/clientes/1/pedidos': { body: { dia: '2025-03-14', pedidos: [], resumen: { pedidos: 0, subtotal: 0, impuestos: 0, total: 0, moneda: 'USD', por_estado: {}, cancelados: 0 }, config: { activo: true, preparacion_min: 20, horario: [], pedidos_por_franja: 0, pausado_hasta: 0, zona_horaria: 'America/New_York', aviso_ambar_min: 10, aviso_rojo_min: 20, un_toque: false } } },
    });
    renderApp('/pedidos?cliente_id=1');
    expect(await screen.findByTestId('staff-restaurant', {}, { timeout: 5000 })).toHaveTextContent('Pantalla de cocina');
    expect(screen.queryByRole('navigation', { name: 'Secciones del panel' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Secciones/ })).toBeNull();
    expect(document.querySelector('.staff-shell--kitchen')).not.toBeNull();
  });
});

describe('the restaurant switcher', () => {
  beforeEach(resetLanguage);

  it('lists the person’s restaurants with their role, switches the session and opens the same page there', async () => {
    storeSession({ clienteId: '1' });
    const group = staffInfo('propietario', [2, 'Taquería Demo', 'cocina']);
    const { calls } = mockFetch({
      'POST /api/auth/validate': { body: group },
      'POST /api/auth/restaurante': { body: { ...group, cliente_id: 2, merchant_id: 'M2', rol: 'cocina' } },
      'GET /api/clientes/1': { body: { id: 1, nombre: 'La Cava Demo' } },
      'GET /api/clientes/2': { body: { id: 2, nombre: 'Taquería Demo' } },
    });
    renderApp('/canjear?cliente_id=1');
    const select = await screen.findByLabelText('Restaurante', {}, { timeout: 5000 });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['La Cava Demo (Propietario)', 'Taquería Demo (Cocina)']);
    await userEvent.setup().selectOptions(select, '2');
    // A cook does not redeem vouchers: the board of the Taquería, its home there.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pedidos?cliente_id=2'));
    expect(calls.find((c) => c.url === '/api/auth/restaurante')?.body).toEqual({ cliente_id: 2 });
    expect(localStorage.getItem('cliente_id')).toBe('2');
    expect(localStorage.getItem('rol')).toBe('cocina');
  });

  it('the picker after sign-in opens the restaurant chosen', async () => {
    storeSession({ clienteId: '1' });
    const group = staffInfo('propietario', [2, 'Taquería Demo', 'gerente']);
    mockFetch({
      'POST /api/auth/validate': { body: group },
      'POST /api/auth/restaurante': { body: { ...group, cliente_id: 2, merchant_id: 'M2', rol: 'gerente' } },
      'GET /api/clientes/2': { body: { id: 2, nombre: 'Taquería Demo' } },
    });
    renderApp('/elegir-restaurante');
    await userEvent.setup().click(await screen.findByRole('button', { name: /Taquería Demo/ }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/2'));
  });
});
