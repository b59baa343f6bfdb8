import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../../test/utils';
import type { Equipo } from './api/team-api';

const team: Equipo = {
  personas: [
    { staff_user_id: 1, email: 'duena@demo.test', rol: 'propietario', ultimo_acceso: 1_767_225_600, desde: 1_735_689_600 },
    { staff_user_id: 5, email: 'cocina@demo.test', rol: 'cocina', ultimo_acceso: 0, desde: 1_735_689_600 },
  ],
  invitaciones: [{ id: 9, email: 'mesero@demo.test', rol: 'mesero', creada: 1_767_225_600, caduca: 1_767_830_400 }],
  sesiones: [
    { id: 'abc123def456', staff_user_id: 5, email: 'cocina@demo.test', dispositivo: 'Tableta de cocina', navegador: 'Chrome · Android', ip: '192.0.2.1', creada: 1_767_225_600, ultimo_uso: 1_767_225_600, caduca: 1_775_001_600, actual: false },
    { id: 'mine00000000', staff_user_id: 1, email: 'duena@demo.test', dispositivo: '', navegador: 'Safari · macOS', ip: '192.0.2.2', creada: 1_767_225_600, ultimo_uso: 1_767_225_600, caduca: 1_767_229_200, actual: true },
    { id: 'old000000000', staff_user_id: 1, email: 'duena@demo.test', dispositivo: '', navegador: '', ip: '192.0.2.3', creada: 1_767_225_600, ultimo_uso: 1_767_225_600, caduca: 1_767_229_200, actual: false },
  ],
};

function owner(more: Parameters<typeof mockFetch>[0] = {}) {
  storeSession({ clienteId: '3' });
  return mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: false, merchant_id: null, rol: 'propietario', restaurantes: [] } },
    'GET /api/clientes/3': { body: { id: 3, nombre: 'Tres' } },
    'GET /api/clientes/3/equipo': { body: team },
    ...more,
  });
}

describe("the owner's 'Equipo' page", () => {
  beforeEach(resetLanguage);
  afterEach(() => vi.unstubAllGlobals());

  it('lists the people, invitations and sessions; invites by e-mail with a role', async () => {
    const { calls } = owner({
      'POST /api/clientes/3/equipo/invitaciones': { status: 201, body: { id: 10, email: 'nuevo@demo.test', rol: 'gerente', creada: 1, caduca: 2 } },
    });
    renderApp('/equipo?cliente_id=3');
    expect(await screen.findByRole('heading', { name: 'Equipo', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'duena@demo.test' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rol de cocina@demo.test' })).toHaveValue('cocina');
    expect(screen.getByText('Nunca')).toBeInTheDocument();
    expect(screen.getByText(/mesero@demo.test · Mesero/)).toBeInTheDocument();
    expect(screen.getByText('Tableta de cocina')).toBeInTheDocument();
    expect(screen.getByText('Safari · macOS')).toBeInTheDocument();
    // One's own session cannot be ended from here; the tablet's and an older one's can.
    expect(screen.getAllByRole('button', { name: /Cerrar sesión/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Cerrar sesión: Tableta de cocina · cocina@demo.test',
      'Cerrar sesión: Navegador · duena@demo.test',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Secciones del panel' });
    expect(within(nav).getByRole('link', { name: 'Equipo' })).toHaveAttribute('aria-current', 'page');

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'nuevo@demo.test');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rol' }), 'gerente');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('Invitación enviada a nuevo@demo.test.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/clientes/3/equipo/invitaciones');
    expect(sent?.body).toEqual({ email: 'nuevo@demo.test', rol: 'gerente' });
  });

  it("shows the server's refusal to demote the last owner, in English too", async () => {
    owner({
      'PUT /api/clientes/3/equipo/1': {
        status: 409,
        body: { error: 'The restaurant needs at least one owner: make someone else an owner before removing this one or changing their role.' },
      },
    });
    await act(() => i18next.changeLanguage('en'));
    renderApp('/equipo?cliente_id=3');
    const select = await screen.findByRole('combobox', { name: 'Role of duena@demo.test' }, { timeout: 5000 });
    await userEvent.setup().selectOptions(select, 'gerente');
    expect(await screen.findByText(/needs at least one owner/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Team', level: 1 })).toBeInTheDocument();
  });

  it('removes a person after confirming', async () => {
    const { calls } = owner({ 'DELETE /api/clientes/3/equipo/5': { status: 204 } });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/equipo?cliente_id=3');
    await screen.findByRole('cell', { name: 'cocina@demo.test' }, { timeout: 5000 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Quitar cocina@demo.test' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/clientes/3/equipo/5')).toBe(true));
    expect(await screen.findByText('cocina@demo.test ya no forma parte del equipo.')).toBeInTheDocument();
  });
});

describe('the invitation page', () => {
  beforeEach(resetLanguage);
  afterEach(() => vi.unstubAllGlobals());

  it('says when the link was already used', async () => {
    mockFetch({ 'POST /api/invitacion/enlace': { body: { estado: 'usado', restaurante: '', rol: '', email: '', cuenta_existente: false } } });
    renderApp('/invitacion?token=abc');
    expect(await screen.findByText(/ya se usó/, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a new person chooses a password and is signed in', async () => {
    const { calls } = mockFetch({
      'POST /api/invitacion/enlace': { body: { estado: 'valido', restaurante: 'Tres', rol: 'cocina', email: 'cocina@demo.test', cuenta_existente: false } },
      'POST /api/invitacion': {
        body: { token: 'tok', cliente_id: 3, merchant_id: null, is_superadmin: false, rol: 'cocina', restaurantes: [{ cliente_id: 3, nombre: 'Tres', merchant_id: null, rol: 'cocina' }] },
      },
      'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: false, merchant_id: null, rol: 'cocina', restaurantes: [] } },
    });
    renderApp('/invitacion?token=abc');
    expect(await screen.findByText('Te invitaron al equipo de Tres con el rol de Cocina.', {}, { timeout: 5000 })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nueva contraseña'), 'clave-cocina-1');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'clave-cocina-1');
    await user.click(screen.getByRole('button', { name: 'Aceptar la invitación' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/invitacion')).toBe(true));
    expect(calls.find((c) => c.url === '/api/invitacion')?.body).toEqual({ token: 'abc', password: 'clave-cocina-1' });
  });
});

describe("a staff person's own sessions", () => {
  beforeEach(resetLanguage);
  afterEach(() => vi.unstubAllGlobals());

  it('lists them, signs out everywhere else and changes the password', async () => {
    storeSession({ clienteId: '3' });
    const { calls } = mockFetch({
      'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: false, merchant_id: null, rol: 'cocina', restaurantes: [] } },
      'GET /api/clientes/3': { body: { id: 3, nombre: 'Tres' } },
      'GET /api/auth/sesiones': { body: { sesiones: team.sesiones.map((s) => ({ ...s, actual: s.id === 'mine00000000' })) } },
      'DELETE /api/auth/sesiones': { status: 204 },
      'POST /api/auth/password': { body: { message: 'Contraseña cambiada. Cerramos tus otras sesiones.' } },
    });
    renderApp('/mis-sesiones');
    expect(await screen.findByRole('heading', { name: 'Mis sesiones', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Tableta de cocina')).toBeInTheDocument();
    // Each session by its device's label, else the browser it was opened from, else 'Navegador'.
    expect(screen.getByText('Safari · macOS')).toBeInTheDocument();
    expect(screen.queryByText('Chrome · Android')).toBeNull();
    expect(screen.getByRole('button', { name: /^Cerrar sesión: Navegador · / })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión en todos los demás dispositivos' }));
    expect(await screen.findByText('Cerramos tus sesiones en los demás dispositivos.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Contraseña actual'), 'vieja-clave-1');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'nueva-clave-1');
    await user.type(screen.getByLabelText('Confirmar la nueva contraseña'), 'nueva-clave-1');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Contraseña cambiada. Cerramos tus otras sesiones.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/password')?.body).toEqual({ password_actual: 'vieja-clave-1', password_nueva: 'nueva-clave-1' });
  });
});

describe("the super admin's link of an existing person", () => {
  beforeEach(resetLanguage);
  afterEach(() => vi.unstubAllGlobals());

  it('links a person by e-mail with a role, and shows a refusal', async () => {
    storeSession({ superadmin: true });
    const { calls } = mockFetch({
      'POST /api/auth/validate': { body: { cliente_id: null, is_superadmin: true, merchant_id: null, rol: '', restaurantes: [] } },
      'GET /api/clientes/3': { body: { id: 3, nombre: 'Tres' } },
      'POST /api/clientes/3/equipo/vincular': (call) =>
        (call.body as { email: string }).email === 'nadie@demo.test'
          ? { status: 404, body: { error: 'No hay ninguna persona del personal de un restaurante con ese correo.' } }
          : { status: 201, body: { staff_user_id: 8, email: 'gerente@demo.test', rol: 'gerente', ultimo_acceso: 0, desde: 1 } },
    });
    renderApp('/super-admin/dashboard/3');
    const card = await screen.findByRole('region', { name: 'Vincular a una persona existente' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.type(within(card).getByLabelText('Correo electrónico'), 'nadie@demo.test');
    await user.click(within(card).getByRole('button', { name: 'Vincular' }));
    expect(await within(card).findByText(/No hay ninguna persona/)).toBeInTheDocument();
    await user.clear(within(card).getByLabelText('Correo electrónico'));
    await user.type(within(card).getByLabelText('Correo electrónico'), 'gerente@demo.test');
    await user.click(within(card).getByRole('button', { name: 'Vincular' }));
    expect(await within(card).findByText('gerente@demo.test ya forma parte de este restaurante.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/clientes/3/equipo/vincular').map((c) => c.body)).toEqual([
      { email: 'nadie@demo.test', rol: 'gerente' },
      { email: 'gerente@demo.test', rol: 'gerente' },
    ]);
  });
});
