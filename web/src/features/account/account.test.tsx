import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LocationProbe, mockFetch, renderApp, resetLanguage, storeSession, type MockAnswer } from '../../test/utils';
import { setDinerSession } from '../../lib/diner-session';
import AuthDialog from './components/AuthDialog';
import { browser } from './lib/browser';
import { resetRecordedRestaurants } from './lib/diner-actions';
import { DINER_RESTAURANT_KEY } from './lib/diner-restaurant';

const settings = {
  cliente_id: 1,
  logo: '',
  backgroundImage: '',
  cardColor: '#f0f0f0',
  textColor: '#000000',
  cardBorderRadius: '10px',
  fontSize: '16px',
  fontFamily: 'Arial',
  nombre_restaurante: 'La Cava Demo',
  telefono_contacto: '',
  ubicacion_google_maps: '',
  direccion: '',
  moneda: 'USD',
};

/** A stored staff session stays valid (it must never be touched by the diner side). */
const staffValidate: Record<string, MockAnswer> = {
  'POST /api/auth/validate': { body: { cliente_id: 9, merchant_id: 'M9', is_superadmin: false } },
};

/** The public menu's calls, plus the given diner ones. */
function routes(extra: Record<string, MockAnswer> = {}) {
  return mockFetch({
    'GET /api/configuraciones': { body: settings },
    'GET /api/categories': { body: { categorias: [{ id: 3, name: 'Entradas', image_path: '', cliente_id: 1 }] } },
    'GET /api/popups': { body: [] },
    'POST /api/usuarios/5/restaurantes': { status: 204 },
    ...staffValidate,
    ...extra,
  });
}

const location = () => screen.getByTestId('location').textContent;

/** A signed-in diner (id 5) whose current restaurant is `restaurant`. */
function signInDiner(restaurant: string | null = '1') {
  if (restaurant) localStorage.setItem(DINER_RESTAURANT_KEY, restaurant);
  setDinerSession('diner-tok', 5);
}

async function openDialog() {
  const user = userEvent.setup();
  // The first test of the file loads the menu's lazy chunks cold: give them time on a busy machine.
  await user.click(await screen.findByRole('button', { name: 'Registrarse para más funciones' }, { timeout: 5000 }));
  return { user, dialog: await screen.findByRole('dialog') };
}

beforeEach(async () => {
  await resetLanguage();
  resetRecordedRestaurants();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('registration and login dialog', () => {
  it('starts in register mode and switches to login and back', async () => {
    routes();
    renderApp('/restaurante/1');
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Crear Cuenta' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nombre')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Correo electrónico')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Teléfono (opcional)')).not.toBeRequired();
    expect(within(dialog).getByLabelText('Contraseña')).toHaveAttribute('type', 'password');

    await user.click(within(dialog).getByRole('button', { name: 'Inicia sesión' }));
    expect(within(dialog).getByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Nombre')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Teléfono (opcional)')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Iniciar Sesión' })).toHaveAttribute('type', 'submit');

    await user.click(within(dialog).getByRole('button', { name: 'Regístrate' }));
    expect(within(dialog).getByRole('heading', { name: 'Crear Cuenta' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('registers, goes to the menu and replaces the location with the user panel 1.5 s later', async () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => undefined);
    // The redirect's delay is held here and run by the test: no wall clock.
    const delayed: { ms: number; run: () => void }[] = [];
    vi.spyOn(browser, 'after').mockImplementation((ms, run) => void delayed.push({ ms, run }));
    storeSession({ token: 'staff-tok', clienteId: '9' });
    const { calls } = routes({
      'POST /api/usuarios/registro': { status: 201, body: { token: 'new-tok', usuario_id: 42 } },
      'POST /api/usuarios/send-email': { status: 202, body: { queued: true } },
      'POST /api/usuarios/42/restaurantes': { status: 204 },
    });
    renderApp('/restaurante/1');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Nombre'), ' Ana ');
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(within(dialog).getByLabelText('Teléfono (opcional)'), '+52 55 1234');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'secreta-123');
    // Consent is asked, never presumed: both boxes start unticked; she ticks e-mail only.
    const mailing = within(dialog).getByRole('checkbox', { name: 'Recibir promociones por correo electrónico' });
    const whatsapp = within(dialog).getByRole('checkbox', { name: 'Recibir notificaciones por WhatsApp' });
    expect(mailing).not.toBeChecked();
    expect(whatsapp).not.toBeChecked();
    expect(within(dialog).getByRole('link', { name: 'Cómo tratamos tus datos' })).toHaveAttribute('href', '/privacidad/1');
    await user.click(mailing);
    await user.click(within(dialog).getByRole('button', { name: 'Crear Cuenta' }));

    await waitFor(() => expect(location()).toBe('/restaurante/1/menu'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('new-tok');
    expect(localStorage.getItem('usuario_id')).toBe('42');
    expect(localStorage.getItem(DINER_RESTAURANT_KEY)).toBe('1');
    // The staff session is untouched.
    expect(localStorage.getItem('cliente_id')).toBe('9');

    const registro = calls.find((c) => c.url === '/api/usuarios/registro')!;
    expect(registro.body).toEqual({
      nombre: 'Ana',
      email: 'ana@example.com',
      telefono: '+52 55 1234',
      password: 'secreta-123',
      suscrito_mailing: true,
      whatsapp_notificaciones: false,
      cliente_id: 1,
    });
    expect(registro.headers.Authorization).toBeUndefined();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/usuarios/send-email')).toBe(true));
    const email = calls.find((c) => c.url === '/api/usuarios/send-email')!;
    expect(email.headers.Authorization).toBe('Bearer new-tok');
    expect(email.body).toEqual({ nombre: 'Ana', email: 'ana@example.com', telefono: '+52 55 1234' });

    expect(replace).not.toHaveBeenCalled();
    expect(delayed.map((d) => d.ms)).toEqual([1500]);
    act(() => delayed[0].run());
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith('/usuario/42?menu=1');
  });

  it('logs in and lands on the restaurant menu with the side drawer', async () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => undefined);
    const { calls } = routes({ 'POST /api/auth/login-usuario': { body: { token: 'diner-tok', usuario_id: 5 } } });
    renderApp('/restaurante/1');
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Inicia sesión' }));
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'secreta-123');
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar Sesión' }));

    await waitFor(() => expect(location()).toBe('/restaurante/1/menu'));
    expect(await screen.findByRole('button', { name: 'Mi cuenta' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrarse para más funciones' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/login-usuario')!.body).toEqual({
      email: 'ana@example.com',
      password: 'secreta-123',
    });
    // Opening the restaurant is recorded with the diner token.
    await waitFor(() => expect(calls.some((c) => c.url === '/api/usuarios/5/restaurantes')).toBe(true));
    const touch = calls.find((c) => c.url === '/api/usuarios/5/restaurantes')!;
    expect(touch.body).toEqual({ cliente_id: 1 });
    expect(touch.headers.Authorization).toBe('Bearer diner-tok');
    expect(calls.some((c) => c.url === '/api/usuarios/send-email')).toBe(false);
    expect(replace).not.toHaveBeenCalled();
  });

  it('goes to /restaurante/seleccion when there is no restaurant id', async () => {
    mockFetch({ 'POST /api/auth/login-usuario': { body: { token: 'diner-tok', usuario_id: 5 } } });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/somewhere']}>
        <Routes>
          <Route path="*" element={<AuthDialog clienteId={null} onClose={() => undefined} initialMode="login" />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>,
    );
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta-123');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    await waitFor(() => expect(location()).toBe('/restaurante/seleccion'));
  });

  it.each([
    ['register', { status: 409, body: { error: 'Ya existe una cuenta con este correo electrónico.' } }, 'Ya existe una cuenta con este correo electrónico.'],
    ['register', { status: 500 }, 'Error en el registro.'],
    ['register', new TypeError('Failed to fetch'), 'Error de conexión con el servidor.'],
    ['login', { status: 401, body: { error: 'Credenciales inválidas.' } }, 'Credenciales inválidas.'],
    ['login', { status: 502, body: 'Bad gateway' }, 'Error en el inicio de sesión.'],
    ['login', new TypeError('Failed to fetch'), 'Error de conexión con el servidor.'],
  ] as const)('%s failure shows the right text (%#)', async (mode, answer, text) => {
    routes({ 'POST /api/usuarios/registro': answer, 'POST /api/auth/login-usuario': answer });
    renderApp('/restaurante/1');
    const { user, dialog } = await openDialog();
    if (mode === 'login') await user.click(within(dialog).getByRole('button', { name: 'Inicia sesión' }));
    else await user.type(within(dialog).getByLabelText('Nombre'), 'Ana');
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'secreta-123');
    await user.click(within(dialog).getByRole('button', { name: mode === 'login' ? 'Iniciar Sesión' : 'Crear Cuenta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(location()).toBe('/restaurante/1');
  });
});

describe('side drawer', () => {
  it('is shown only to a signed-in diner and disappears when another tab signs out', async () => {
    signInDiner('1');
    routes();
    renderApp('/restaurante/1/menu');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mi cuenta' }));
    const drawer = await screen.findByRole('dialog', { name: 'Mi cuenta' });
    const hrefs = within(drawer)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Cuenta', '/usuario/cuenta?menu=1'],
      ['Ofertas', '/usuario/ofertas?menu=1'],
      ['Ordena en Línea', '/ordenar-en-linea/1'],
      ['Mis Compras', '/usuario/mis-compras?menu=1'],
      ['Mis Puntos', '/usuario/mis-puntos?menu=1'],
      ['Restaurantes', '/usuario/restaurantes?menu=1'],
    ]);
    expect(within(drawer).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrarse para más funciones' })).not.toBeInTheDocument();

    // Another tab signs out: it removes the keys and this tab gets a storage event.
    act(() => {
      localStorage.removeItem('auth_token');
      localStorage.removeItem('usuario_id');
      window.dispatchEvent(new StorageEvent('storage', { key: 'auth_token' }));
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mi cuenta' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrarse para más funciones' })).toBeInTheDocument();
  });

  it('is not shown to anonymous visitors, nor to staff', async () => {
    storeSession({ token: 'staff-tok', clienteId: '1' });
    routes();
    renderApp('/menu/1');
    expect(await screen.findByRole('heading', { name: 'Categorías Principales' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mi cuenta' })).not.toBeInTheDocument();
  });

  it('is on the public menu for a signed-in diner too', async () => {
    signInDiner('1');
    routes();
    renderApp('/menu/1');
    expect(await screen.findByRole('button', { name: 'Mi cuenta' })).toBeInTheDocument();
  });

  it('logs out with the diner token and clears the diner session', async () => {
    signInDiner('1');
    storeSession({ token: 'staff-tok', clienteId: '1' });
    const { calls } = routes({ 'POST /api/auth/logout': { status: 204 } });
    renderApp('/restaurante/1/menu');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mi cuenta' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('button', { name: 'Registrarse para más funciones' })).toBeInTheDocument();
    const logout = calls.find((c) => c.url === '/api/auth/logout')!;
    expect(logout.headers.Authorization).toBe('Bearer diner-tok');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('usuario_id')).toBeNull();
    expect(localStorage.getItem(DINER_RESTAURANT_KEY)).toBeNull();
    // The staff session stays.
    expect(localStorage.getItem('token')).toBe('staff-tok');
  });
});

describe('restaurant page redirect and user panel', () => {
  it('sends a signed-in diner whose stored restaurant differs to the user panel, which records it', async () => {
    signInDiner('2');
    storeSession({ token: 'staff-tok', clienteId: '1' });
    const { calls } = routes();
    renderApp('/restaurante/1');
    await waitFor(() => expect(location()).toBe('/usuario/5?menu=1'));
    // The panel names the restaurant; the shell's navigation, not a 'Volver al Menú', leads back to the menu.
    expect(await screen.findByRole('heading', { name: 'Panel de Usuario - La Cava Demo' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Volver al Menú' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Menú' })).toHaveAttribute('href', '/menu/1');
    expect(screen.getByRole('link', { name: 'Ofertas y Cupones' })).toHaveAttribute('href', '/usuario/ofertas?menu=1');
    expect(await screen.findByRole('heading', { name: 'Categorías Principales' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mi cuenta' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(DINER_RESTAURANT_KEY)).toBe('1'));
    const touch = calls.find((c) => c.url === '/api/usuarios/5/restaurantes')!;
    expect(touch.headers.Authorization).toBe('Bearer diner-tok');
  });

  it('also redirects when no restaurant is stored, but not on /restaurante/{id}/menu', async () => {
    signInDiner(null);
    routes();
    renderApp('/restaurante/1/menu');
    expect(await screen.findByRole('button', { name: 'Mi cuenta' })).toBeInTheDocument();
    expect(location()).toBe('/restaurante/1/menu');
  });

  it('shows the menu to a signed-in diner whose stored restaurant matches', async () => {
    signInDiner('1');
    routes();
    renderApp('/restaurante/1');
    expect(await screen.findByRole('button', { name: 'Mi cuenta' })).toBeInTheDocument();
    expect(location()).toBe('/restaurante/1');
  });

  it('asks the server for the restaurant without ?menu=, and shows the error when there is none', async () => {
    signInDiner(null);
    const { calls } = routes({ 'GET /api/usuario/menu': { body: { cliente_id: null } } });
    renderApp('/usuario/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: cliente_id no está disponible.');
    const call = calls.find((c) => c.url.startsWith('/api/usuario/menu'))!;
    expect(call.url).toBe('/api/usuario/menu?usuario_id=5');
    expect(call.headers.Authorization).toBe('Bearer diner-tok');
  });

  it('puts the server-known restaurant in the URL', async () => {
    signInDiner(null);
    routes({ 'GET /api/usuario/menu': { body: { cliente_id: 1 } } });
    renderApp('/usuario/5');
    await waitFor(() => expect(location()).toBe('/usuario/5?menu=1'));
    expect(await screen.findByRole('heading', { name: 'Panel de Usuario - La Cava Demo' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor back to the restaurant page', async () => {
    routes();
    renderApp('/usuario/5?menu=1');
    await waitFor(() => expect(location()).toBe('/restaurante/1'));
    expect(await screen.findByRole('button', { name: 'Registrarse para más funciones' })).toBeInTheDocument();
  });
});

const usuario = {
  id: 5,
  nombre: 'Ana',
  email: 'ana@example.com',
  telefono: '555',
  suscrito_mailing: true,
  whatsapp_notificaciones: true,
  cliente_id: 1,
};

/** The diner's sessions: this phone and a tablet signed in elsewhere. */
const sesiones = [
  { id: 'aaa111', navegador: 'Safari · iPhone', creada: 1_700_000_000, ultimo_uso: 1_700_000_500, caduca: 1_800_000_000, actual: true },
  { id: 'bbb222', navegador: 'Chrome · Android', creada: 1_700_000_000, ultimo_uso: 1_700_000_100, caduca: 1_800_000_000, actual: false },
];
const sesionesMock: Record<string, MockAnswer> = { 'GET /api/usuarios/5/sesiones': { body: { sesiones } } };

describe('Manejar Cuenta', () => {
  it('saves name, phone and preferences', async () => {
    signInDiner('1');
    storeSession({ token: 'staff-tok', clienteId: '1' });
    const { calls } = mockFetch({
      ...staffValidate,
      'GET /api/usuarios/5': { body: usuario },
      ...sesionesMock,
      'PUT /api/usuarios/5': (call) => ({ body: { ...usuario, ...(call.body as object) } }),
    });
    renderApp('/usuario/cuenta?menu=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manejar Cuenta' })).toBeInTheDocument();
    const name = await screen.findByLabelText('Nombre');
    expect(name).toHaveValue('Ana');
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('readonly');
    const user = userEvent.setup();
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El nombre es obligatorio.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(name, 'Ana María ');
    await user.clear(screen.getByLabelText('Teléfono'));
    await user.type(screen.getByLabelText('Teléfono'), '+52 1');
    await user.click(screen.getByLabelText('Recibir notificaciones por WhatsApp'));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cambios guardados.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      nombre: 'Ana María',
      telefono: '+52 1',
      suscrito_mailing: true,
      whatsapp_notificaciones: false,
      avisos_canal: 'email',
      sms_notificaciones: false,
      // The restaurant the page is on, recorded with the changed consent.
      cliente_id: 1,
    });
    expect(put.headers.Authorization).toBe('Bearer diner-tok');
    // The diner shell's navigation leads back to the restaurant's menu.
    expect(screen.getByRole('link', { name: 'Menú' })).toHaveAttribute('href', '/menu/1');
  });

  it.each([
    ['es', 'Avisos de mis pedidos', 'WhatsApp', 'Teléfono', 'Guardar cambios', 'prefijo del país', 'Cambios guardados.'],
    ['en', 'My order notices', 'SMS', 'Phone', 'Save changes', 'country code', 'Changes saved.'],
  ])('chooses where the order notices go (%s), the phone required for WhatsApp and SMS', async (lang, legend, canal, phone, save, needPhone, saved) => {
    if (lang === 'en') await i18next.changeLanguage('en');
    try {
      signInDiner('1');
      storeSession({ token: 'staff-tok', clienteId: '1' });
      const { calls } = mockFetch({
        ...staffValidate,
        'GET /api/usuarios/5': { body: { ...usuario, whatsapp_notificaciones: false, sms_notificaciones: false, avisos_canal: 'email' } },
        ...sesionesMock,
        'PUT /api/usuarios/5': (call) => ({ body: { ...usuario, ...(call.body as object) } }),
      });
      renderApp('/usuario/cuenta?menu=1');
      const group = await screen.findByRole('group', { name: legend });
      const user = userEvent.setup();
      expect(within(group).getByRole('radio', { checked: true })).toHaveAttribute('value', 'email');
      await user.click(within(group).getByRole('radio', { name: canal }));
      // '555' has no country code: refused before calling the server.
      await user.click(screen.getByRole('button', { name: save }));
      expect(await screen.findByRole('alert')).toHaveTextContent(needPhone);
      expect(calls.some((c) => c.method === 'PUT')).toBe(false);
      await user.clear(screen.getByLabelText(phone));
      await user.type(screen.getByLabelText(phone), '+34 600 111 222');
      await user.click(screen.getByRole('button', { name: save }));
      expect(await screen.findByText(saved)).toBeInTheDocument();
      const put = calls.find((c) => c.method === 'PUT')!;
      const want = canal === 'WhatsApp' ? 'whatsapp' : 'sms';
      expect(put.body).toMatchObject({ telefono: '+34 600 111 222', avisos_canal: want, sms_notificaciones: want === 'sms', whatsapp_notificaciones: want === 'whatsapp' });
    } finally {
      await i18next.changeLanguage('es');
    }
  });

  it('validates the password change before calling the server', async () => {
    signInDiner('1');
    const { calls } = mockFetch({
      'GET /api/usuarios/5': { body: usuario },
      ...sesionesMock,
      'POST /api/usuarios/5/password': (call) =>
        (call.body as { password_actual: string }).password_actual === 'vieja-123'
          ? { body: { message: 'Contraseña actualizada.' } }
          : { status: 400, body: { error: 'La contraseña actual no es correcta.' } },
    });
    renderApp('/usuario/5/cuenta');
    const user = userEvent.setup();
    const current = await screen.findByLabelText('Contraseña actual');
    const next = screen.getByLabelText('Nueva contraseña');
    const confirm = screen.getByLabelText('Confirmar nueva contraseña');
    const submit = screen.getByRole('button', { name: 'Cambiar contraseña' });

    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Completa todos los campos.');
    await user.type(current, 'vieja-123');
    await user.type(next, 'corta');
    await user.type(confirm, 'corta');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('La contraseña debe tener al menos 8 caracteres.');
    await user.clear(next);
    await user.type(next, 'nueva-12345');
    await user.clear(confirm);
    await user.type(confirm, 'nueva-12346');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Las contraseñas no coinciden.');
    expect(calls.some((c) => c.url.endsWith('/password'))).toBe(false);

    await user.clear(confirm);
    await user.type(confirm, 'nueva-12345');
    await user.click(submit);
    expect(await screen.findByText('Contraseña actualizada. Tus otras sesiones se cerraron.')).toBeInTheDocument();
    // The other sessions ended with it: 'Tus sesiones' is read again.
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/api/usuarios/5/sesiones'))).toHaveLength(2));
    const call = calls.find((c) => c.url.endsWith('/password'))!;
    expect(call.body).toEqual({ password_actual: 'vieja-123', password_nueva: 'nueva-12345' });
    expect(call.headers.Authorization).toBe('Bearer diner-tok');
    expect(current).toHaveValue('');

    await user.type(current, 'otra-mala');
    await user.type(next, 'nueva-12345');
    await user.type(confirm, 'nueva-12345');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña actual no es correcta.');
  });

  it.each([
    ['es', 'Tus sesiones', 'este dispositivo', 'Cerrar sesión: Chrome · Android', 'Sesión cerrada.', 'Cerrar las demás sesiones', 'Cerramos tus sesiones'],
    ['en', 'Your sessions', 'this device', 'Sign out: Chrome · Android', 'Session signed out.', 'Sign out all other sessions', 'were signed out'],
  ])('lists the devices signed in and signs one or all the others out (%s)', async (lang, title, thisOne, endTablet, ended, endOthers, endedOthers) => {
    if (lang === 'en') await i18next.changeLanguage('en');
    try {
      signInDiner('1');
      const laptop = { ...sesiones[1], id: 'ccc333', navegador: 'Firefox · Windows', ultimo_uso: 1_700_000_050 };
      let listed = [...sesiones, laptop];
      const { calls } = mockFetch({
        'GET /api/usuarios/5': { body: usuario },
        'GET /api/usuarios/5/sesiones': () => ({ body: { sesiones: listed } }),
        'DELETE /api/usuarios/5/sesiones/bbb222': () => {
          listed = listed.filter((x) => x.id !== 'bbb222');
          return { status: 204 };
        },
        'DELETE /api/usuarios/5/sesiones': () => {
          listed = listed.filter((x) => x.actual);
          return { status: 204 };
        },
      });
      renderApp('/usuario/cuenta');
      const section = await screen.findByRole('region', { name: title });
      const items = await within(section).findAllByRole('listitem');
      expect(items).toHaveLength(3);
      // This phone first, marked, with no button to sign itself out.
      expect(items[0]).toHaveTextContent('Safari · iPhone');
      expect(items[0]).toHaveTextContent(thisOne);
      expect(within(items[0]).queryByRole('button')).toBeNull();
      expect(items[1]).toHaveTextContent('Chrome · Android');
      const user = userEvent.setup();
      await user.click(within(section).getByRole('button', { name: new RegExp(`^${endTablet}`) }));
      expect(await within(section).findByText(ended)).toBeInTheDocument();
      const del = calls.find((c) => c.method === 'DELETE')!;
      expect(del.url).toMatch(/\/api\/usuarios\/5\/sesiones\/bbb222$/);
      expect(del.headers.Authorization).toBe('Bearer diner-tok');
      // The list is read again: the tablet is gone.
      await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
      expect(section).not.toHaveTextContent('Chrome · Android');

      await user.click(within(section).getByRole('button', { name: endOthers }));
      expect(await within(section).findByText(new RegExp(endedOthers))).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'DELETE').at(-1)!.url).toMatch(/\/api\/usuarios\/5\/sesiones$/);
      // Only this phone is left, and nothing else to sign out.
      await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
      expect(within(section).queryByRole('button', { name: endOthers })).toBeNull();
    } finally {
      await i18next.changeLanguage('es');
    }
  });

  it('says so when a session could not be signed out', async () => {
    signInDiner('1');
    mockFetch({
      'GET /api/usuarios/5': { body: usuario },
      ...sesionesMock,
      'DELETE /api/usuarios/5/sesiones/bbb222': { status: 404, body: { error: 'No encontramos esa sesión.' } },
    });
    renderApp('/usuario/cuenta');
    const section = await screen.findByRole('region', { name: 'Tus sesiones' });
    await userEvent.setup().click(await within(section).findByRole('button', { name: /^Cerrar sesión: Chrome/ }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('No encontramos esa sesión.');
  });

  it('deletes the account after confirming, signs out and goes home', async () => {
    signInDiner('1');
    const { calls } = mockFetch({
      'GET /api/usuarios/5': { body: usuario },
      ...sesionesMock,
      'DELETE /api/usuarios/5': { status: 204 },
    });
    renderApp('/usuario/cuenta');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar tu cuenta?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, eliminar mi cuenta' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(calls.find((c) => c.method === 'DELETE')!.headers.Authorization).toBe('Bearer diner-tok');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem(DINER_RESTAURANT_KEY)).toBeNull();
  });

  it('sends a signed-out visitor to the restaurant menu', async () => {
    routes();
    renderApp('/usuario/cuenta?menu=1');
    await waitFor(() => expect(location()).toBe('/restaurante/1'));
  });

  it('signs out locally when the server no longer knows the token', async () => {
    signInDiner('1');
    routes({ 'GET /api/usuarios/5': { status: 401, body: { error: 'Sesión inválida o expirada.' } } });
    renderApp('/usuario/cuenta');
    await waitFor(() => expect(location()).toBe('/restaurante/1'));
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});

const compra = (over: object) => ({
  id: 1,
  cliente_id: 1,
  restaurante: 'La Cava Demo',
  cupon_id: 3,
  descripcion: '2x1 en tapas',
  estado: 'pagado',
  subtotal: 2000,
  fee: 500,
  total: 2500,
  codigo_voucher: 'CARTA-ABC123',
  moneda: 'USD',
  fecha_expiracion: 1_900_000_000,
  paid_at: 1_700_000_000,
  redeemed_at: 0,
  created_at: 1_700_000_000,
  zona_horaria: 'America/New_York',
  ...over,
});

describe('Mis Compras and Mis Puntos', () => {
  it('shows each voucher with code, QR, total and status, and the payment message', async () => {
    signInDiner('1');
    const createObjectURL = vi.fn(() => 'blob:qr-1');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const { calls } = mockFetch({
      'GET /api/usuarios/5/compras': {
        body: [compra({}), compra({ id: 2, descripcion: 'Postre gratis', estado: 'canjeado', codigo_voucher: 'CARTA-XYZ', redeemed_at: 1_710_000_000 })],
      },
      'GET /api/usuarios/5/compras/1/qr': { body: '<svg/>' },
      'GET /api/usuarios/5/compras/2/qr': { body: '<svg/>' },
    });
    renderApp('/usuario/mis-compras?pago=ok');
    expect(await screen.findByText('Pago procesado correctamente. Revisa tu correo.')).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: '2x1 en tapas' });
    expect(within(first).getByText('CARTA-ABC123')).toBeInTheDocument();
    expect(within(first).getByText('$25.00')).toBeInTheDocument();
    expect(within(first).getByText('Pagado')).toBeInTheDocument();
    expect(await within(first).findByRole('img', { name: 'Código QR del cupón CARTA-ABC123' })).toHaveAttribute(
      'src',
      'blob:qr-1',
    );
    expect(screen.getByText('Canjeado')).toBeInTheDocument();
    const qr = calls.find((c) => c.url === '/api/usuarios/5/compras/1/qr')!;
    expect(qr.headers.Authorization).toBe('Bearer diner-tok');
  });

  it("writes each voucher's dates in its restaurant's zone (issue 29)", async () => {
    signInDiner('1');
    mockFetch({
      'GET /api/usuarios/5/compras': {
        body: [
          // 15/12/2026 of a restaurant in Mexico City ends at 05:59:59 UTC on the 16th.
          compra({ descripcion: 'Tacos', zona_horaria: 'America/Mexico_City', fecha_expiracion: Date.UTC(2026, 11, 16, 5, 59, 59) / 1000 }),
          // Paid at 23:30 UTC on the 15th: the 16th in Madrid.
          compra({ id: 2, descripcion: 'Tapas', zona_horaria: 'Europe/Madrid', paid_at: Date.UTC(2026, 11, 15, 23, 30) / 1000, codigo_voucher: null }),
        ],
      },
      'GET /api/usuarios/5/compras/1/qr': { body: '<svg/>' },
    });
    renderApp('/usuario/mis-compras');
    const tacos = await screen.findByRole('article', { name: 'Tacos' });
    expect(within(tacos).getByText('Vence').nextElementSibling).toHaveTextContent('15 dic 2026');
    const tapas = screen.getByRole('article', { name: 'Tapas' });
    expect(within(tapas).getByText('16 dic 2026')).toBeInTheDocument();
  });

  it('lists the pickup orders next to the vouchers, each linking to its page', async () => {
    signInDiner('1');
    const { calls } = mockFetch({
      'GET /api/usuarios/5/compras': { body: [compra({})] },
      'GET /api/usuarios/5/compras/1/qr': { body: '<svg/>' },
      'GET /api/usuarios/5/pedidos': {
        body: [
          {
            id: 12, cliente_id: 1, restaurante: 'La Cava', numero: 3, estado: 'listo', nombre: 'Diana', recoger_at: 1_700_000_000,
            lo_antes_posible: true, subtotal: 4500, impuestos: 371, total: 4871, moneda: 'USD', lineas: [], nota: '',
            motivo_cancelacion: '', reembolso: '', zona_horaria: 'America/New_York', created_at: 1_700_000_000,
            paid_at: 1_700_000_000, updated_at: 1_700_000_000,
          },
        ],
      },
    });
    renderApp('/usuario/mis-compras');
    const order = await screen.findByRole('article', { name: /Pedido #3/ });
    expect(within(order).getByText('Listo para recoger')).toBeInTheDocument();
    expect(within(order).getByText(/\$48\.71/)).toBeInTheDocument();
    expect(within(order).getByRole('link', { name: 'Ver pedido #3' })).toHaveAttribute('href', '/pedido/12?menu=1');
    expect(await screen.findByRole('article', { name: '2x1 en tapas' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/usuarios/5/pedidos')!.headers.Authorization).toBe('Bearer diner-tok');
  });

  it('shows a payment taken after the offer sold out as a pending refund, without a voucher', async () => {
    signInDiner('1');
    mockFetch({
      'GET /api/usuarios/5/compras': {
        body: [compra({ id: 3, descripcion: 'Último cupón', estado: 'fallido', codigo_voucher: null, reembolso: 'pendiente' })],
      },
    });
    renderApp('/usuario/mis-compras');
    const card = await screen.findByRole('article', { name: 'Último cupón' });
    expect(within(card).getByText('Reembolso pendiente')).toBeInTheDocument();
    expect(within(card).getByText(/La oferta se agotó mientras pagabas/)).toBeInTheDocument();
    expect(within(card).queryByRole('img')).toBeNull();
  });

  it('has designed empty states', async () => {
    signInDiner('1');
    mockFetch({ 'GET /api/usuarios/5/compras': { body: [] }, 'GET /api/usuarios/5/puntos': { body: [] } });
    renderApp('/usuario/mis-compras?menu=1');
    expect(await screen.findByRole('heading', { name: 'Aún no tienes compras' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver ofertas' })).toHaveAttribute('href', '/usuario/ofertas?menu=1');
    expect(screen.queryByText('Pago procesado correctamente. Revisa tu correo.')).not.toBeInTheDocument();
  });

  it('shows the points balance and history per restaurant', async () => {
    signInDiner('1');
    mockFetch({
      'GET /api/usuarios/5/puntos': {
        body: [
          {
            cliente_id: 1,
            restaurante: 'La Cava Demo',
            saldo: 45,
            historial: [
              { cliente_id: 1, puntos: 25, motivo: 'Compra: 2x1 en tapas', created_at: 1_700_000_000 },
              { cliente_id: 1, puntos: 20, motivo: 'Compra: Postre gratis', created_at: 1_690_000_000 },
            ],
          },
        ],
      },
    });
    renderApp('/usuario/mis-puntos');
    const card = await screen.findByRole('article', { name: 'La Cava Demo' });
    expect(within(card).getByText('45')).toBeInTheDocument();
    expect(within(card).getByText('puntos')).toBeInTheDocument();
    expect(within(card).getByText('Compra: 2x1 en tapas')).toBeInTheDocument();
    expect(within(card).getByText('+25')).toBeInTheDocument();
  });

  it('words the history in the diner\'s language: a purchase by its offer, an order by its number, else as recorded', async () => {
    signInDiner('1');
    const { calls } = mockFetch({
      'GET /api/usuarios/5/puntos': {
        body: [
          {
            cliente_id: 1,
            restaurante: 'La Cava Demo',
            saldo: 60,
            historial: [
              { cliente_id: 1, puntos: 25, motivo: 'Compra: 2x1 en tapas', tipo: 'compra', detalle: 'Two for one tapas', created_at: 1_700_000_000 },
              { cliente_id: 1, puntos: 30, motivo: 'Pedido #12', tipo: 'pedido', detalle: '12', created_at: 1_695_000_000 },
              { cliente_id: 1, puntos: 5, motivo: 'Ajuste', tipo: '', detalle: '', created_at: 1_690_000_000 },
            ],
          },
        ],
      },
    });
    await i18next.changeLanguage('en');
    renderApp('/usuario/mis-puntos');
    const card = await screen.findByRole('article', { name: 'La Cava Demo' });
    expect(within(card).getByText('Purchase: Two for one tapas')).toBeInTheDocument();
    expect(within(card).getByText('Order #12')).toBeInTheDocument();
    expect(within(card).getByText('Ajuste')).toBeInTheDocument();
    expect(within(card).queryByText(/Compra:/)).toBeNull();
    expect(calls.find((c) => c.url.includes('/puntos'))!.headers['Accept-Language']).toBe('en');
  });

  it('shows the points empty state', async () => {
    signInDiner('1');
    mockFetch({ 'GET /api/usuarios/5/puntos': { body: [] } });
    renderApp('/usuario/mis-puntos');
    expect(await screen.findByRole('heading', { name: 'Aún no tienes puntos' })).toBeInTheDocument();
  });
});

describe('restaurant lists', () => {
  it('lists the restaurants to choose from on /restaurante/seleccion and /seleccionar-cliente', async () => {
    const { calls } = mockFetch({
      'GET /api/restaurantes': { body: [{ id: 1, nombre: 'La Cava Demo', logo: 'static/images/default-logo.png' }] },
    });
    renderApp('/seleccionar-cliente');
    expect(await screen.findByRole('heading', { name: 'Elige un restaurante' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'La Cava Demo' })).toHaveAttribute('href', '/restaurante/1');
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it("lists the diner's restaurants on /usuario/restaurantes", async () => {
    signInDiner('1');
    mockFetch({ 'GET /api/usuarios/5/restaurantes': { body: [{ id: 2, nombre: 'Bistro', logo: '' }] } });
    renderApp('/usuario/restaurantes');
    expect(await screen.findByRole('link', { name: 'Bistro' })).toHaveAttribute('href', '/restaurante/2');
  });
});
