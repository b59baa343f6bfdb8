import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetLanguage, type MockAnswer } from '../../test/utils';
import { readDinerSession } from '../../lib/diner-session';
import { resetRecordedRestaurants } from './lib/diner-actions';
import { DINER_RESTAURANT_KEY } from './lib/diner-restaurant';

// A diner's '¿Olvidaste tu contraseña?': from the sign-in dialog of a
// restaurant, back to that restaurant.

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

function routes(extra: Record<string, MockAnswer> = {}) {
  return mockFetch({
    'GET /api/configuraciones': { body: settings },
    'GET /api/categories': { body: { categorias: [] } },
    'GET /api/popups': { body: [] },
    'POST /api/usuarios/5/restaurantes': { status: 204 },
    ...extra,
  });
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(async () => {
  await resetLanguage();
  resetRecordedRestaurants();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("a diner's forgotten password", () => {
  it('the sign-in dialog leads to the request page of the restaurant, which sends the restaurant', async () => {
    const { calls } = routes({ 'POST /api/auth/recuperar-usuario': { body: { mensaje: 'ok' } } });
    renderApp('/restaurante/1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Registrarse para más funciones' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Inicia sesión' }));
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.click(within(dialog).getByRole('link', { name: '¿Olvidaste tu contraseña?' }));

    await waitFor(() => expect(location()).toBe('/usuario/recuperar-password?menu=1'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText(/Si hay una cuenta con ana@example.com/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/recuperar-usuario')!.body).toEqual({ email: 'ana@example.com', cliente_id: 1 });

    // 'Volver a iniciar sesión' opens the sign-in dialog.
    await user.click(screen.getByRole('button', { name: 'Volver a iniciar sesión' }));
    expect(within(await screen.findByRole('dialog')).getByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
  }, 20_000); // the first test loads the menu's and the dialog's lazy chunks cold

  it('the link sets the password, signs the diner in and brings them back to the restaurant', async () => {
    const { calls } = routes({
      'POST /api/auth/restablecer-usuario/enlace': { body: { estado: 'valido', email: 'ana@example.com' } },
      'POST /api/auth/restablecer-usuario': { body: { token: 'diner-tok', usuario_id: 5 } },
    });
    renderApp('/usuario/restablecer-password?menu=1&token=tok-link&lang=es');
    await userEvent.type(await screen.findByLabelText('Nueva contraseña'), 'una-clave-larga');
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'una-clave-larga');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    await waitFor(() => expect(location()).toBe('/restaurante/1/menu'));
    expect(readDinerSession()).toEqual({ token: 'diner-tok', usuarioId: '5' });
    expect(localStorage.getItem(DINER_RESTAURANT_KEY)).toBe('1');
    const call = calls.find((c) => c.url === '/api/auth/restablecer-usuario')!;
    expect(call.body).toEqual({ token: 'tok-link', new_password: 'una-clave-larga' });
    expect(call.headers.Authorization).toBeUndefined();
  });

  it('a used link says so, with the sign-in dialog and a new link of the restaurant', async () => {
    routes({ 'POST /api/auth/restablecer-usuario/enlace': { body: { estado: 'usado', email: '' } } });
    renderApp('/usuario/restablecer-password?menu=1&token=tok-link');
    expect(await screen.findByRole('heading', { name: 'Este enlace ya no sirve' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Nueva contraseña')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveAttribute('href', '/usuario/recuperar-password?menu=1');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(within(await screen.findByRole('dialog')).getByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
  });
});
