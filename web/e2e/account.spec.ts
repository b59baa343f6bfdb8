import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { closePromotion } from './helpers';
import { dinerLogin, dinerProfile, registerDiner, signInDiner, unique } from './api';

// The diner's account, one step of it per test: registering through the
// menu's dialog (the only test that registers a diner through the UI),
// signing out, signing in again and editing the account. The last three
// start from the worker's shared diner (fixtures.ts), signed in through the
// API with a session of their own.

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Mi cuenta' }).click();
  const drawer = page.getByRole('dialog', { name: 'Mi cuenta' });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('a diner registers from the menu, lands on the user panel and starts with empty lists', async ({ page }) => {
  const email = `${unique('flow').toLowerCase()}@example.com`;

  await page.goto('/restaurante/1');
  await closePromotion(page);
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Registrarse para más funciones' }).click();

  const dialog = page.getByRole('dialog', { name: 'Crear Cuenta' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Nombre').fill('Ana Prueba');
  await dialog.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await dialog.getByLabel('Teléfono (opcional)').fill('+52 55 1234 5678');
  await dialog.getByLabel('Contraseña').fill('clave-segura-1');
  await dialog.getByRole('button', { name: 'Crear Cuenta' }).click();

  // The dialog closes on the menu, then 1.5 s later the location is replaced by the user panel.
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/usuario\/\d+\?menu=1$/);
  await expect(page.getByRole('heading', { name: 'Panel de Usuario - La Cava Demo' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Categorías Principales' })).toBeVisible();
  // The diner shell's navigation leads back to the menu (no 'Volver al Menú' on the menu itself).
  await expect(page.getByRole('link', { name: 'Menú', exact: true })).toHaveAttribute('href', '/menu/1');
  await expect(page.getByRole('link', { name: 'Ofertas y Cupones' })).toHaveAttribute('href', '/usuario/ofertas?menu=1');
  // The side menu of a signed-in diner (the promotion was closed on the first visit).
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();

  // The new diner's other pages answer with their empty states.
  await page.goto('/usuario/mis-compras?menu=1');
  await expect(page.getByRole('heading', { name: 'Aún no tienes compras' })).toBeVisible();
  await page.goto('/usuario/mis-puntos?menu=1');
  await expect(page.getByRole('heading', { name: 'Aún no tienes puntos' })).toBeVisible();
  await page.goto('/usuario/restaurantes');
  // The page's list (the shell's header links the restaurant to its menu).
  await expect(page.getByRole('main').getByRole('link', { name: /La Cava|Demo|Restaurante/ }).first()).toHaveAttribute('href', '/restaurante/1');
});

test('a diner signs out from the side menu, and the other tab follows', async ({ page, context, request, baseURL, diner }) => {
  const session = await signInDiner(context, request, diner, baseURL!);
  await page.goto(`/usuario/${session.usuario_id}?menu=1`);
  await closePromotion(page);
  await expect(page.getByRole('heading', { name: 'Panel de Usuario - La Cava Demo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();

  // A second tab of the same browser shares the diner session.
  const page2 = await context.newPage();
  await page2.goto('/restaurante/1/menu');
  await expect(page2.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();

  // Sign out from the user panel's side menu: back to the restaurant's public page, in both tabs.
  const drawer = await openDrawer(page);
  await expect(drawer.getByRole('link', { name: 'Cuenta' })).toHaveAttribute('href', '/usuario/cuenta?menu=1');
  await expect(drawer.getByRole('link', { name: 'Ordena en Línea' })).toHaveAttribute('href', '/ordenar-en-linea/1');
  await drawer.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/restaurante\/1$/);
  await expect(page.getByRole('button', { name: 'Registrarse para más funciones' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toHaveCount(0);

  await expect(page2.getByRole('button', { name: 'Mi cuenta' })).toHaveCount(0);
  await expect(page2.getByRole('button', { name: 'Registrarse para más funciones' })).toBeVisible();
});

test('a diner signs in from the dialog after a wrong password', async ({ page, diner }) => {
  await page.goto('/restaurante/1');
  await closePromotion(page);
  await page.getByRole('button', { name: 'Registrarse para más funciones' }).click();
  const auth = page.getByRole('dialog');
  await auth.getByRole('button', { name: 'Inicia sesión' }).click();
  await expect(auth.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  await auth.getByLabel('Correo electrónico').fill(diner.email);
  await auth.getByLabel('Contraseña').fill('mala-clave-99');
  await auth.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(auth.getByRole('alert')).toHaveText('Credenciales inválidas.');
  await auth.getByLabel('Contraseña').fill(diner.password);
  await auth.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/restaurante\/1\/menu$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();
});

test('a diner edits the account from the side menu and the change persists', async ({
  page,
  context,
  request,
  baseURL,
  diner,
}) => {
  const session = await signInDiner(context, request, diner, baseURL!);
  const before = await dinerProfile(request, session);
  const newName = `Diana ${unique('N')}`;

  await page.goto('/restaurante/1/menu');
  await closePromotion(page);
  const drawer = await openDrawer(page);
  await drawer.getByRole('link', { name: 'Cuenta' }).click();
  await expect(page).toHaveURL(/\/usuario\/cuenta\?menu=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manejar Cuenta' })).toBeVisible();
  const name = page.getByLabel('Nombre');
  await expect(name).toHaveValue(before.nombre);
  await expect(page.getByLabel('Correo electrónico', { exact: true })).toHaveValue(diner.email);
  // No consent was presumed at registration: the diner opts in to e-mail here.
  await expect(page.getByLabel('Recibir notificaciones por WhatsApp')).not.toBeChecked();
  await expect(page.getByLabel('Recibir promociones por correo electrónico')).not.toBeChecked();
  await name.fill(newName);
  await page.getByLabel('Recibir promociones por correo electrónico').check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Nombre')).toHaveValue(newName);
  await expect(page.getByLabel('Recibir notificaciones por WhatsApp')).not.toBeChecked();
  await expect(page.getByLabel('Recibir promociones por correo electrónico')).toBeChecked();
  expect(await dinerProfile(request, session)).toMatchObject({ nombre: newName, suscrito_mailing: true, whatsapp_notificaciones: false });
});

test('a diner signs out a phone left signed in, then every other device', async ({ page, context, request, baseURL, newContext }) => {
  test.slow(); // three devices signed in, each signed out and checked: ~20 s on a busy 2-core CI machine
  // A diner of their own: this test ends the account's other sessions.
  const diner = await registerDiner(request, { nombre: 'Sara Sesiones' });
  const laptop = await dinerLogin(request, diner);
  // A friend's phone, signed in through the menu's dialog.
  const phone = await newContext({
    viewport: { width: 390, height: 844 },
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const phonePage = await phone.newPage();
  await phonePage.goto('/restaurante/1');
  await closePromotion(phonePage);
  await phonePage.getByRole('button', { name: 'Registrarse para más funciones' }).click();
  const auth = phonePage.getByRole('dialog');
  await auth.getByRole('button', { name: 'Inicia sesión' }).click();
  await auth.getByLabel('Correo electrónico').fill(diner.email);
  await auth.getByLabel('Contraseña').fill(diner.password);
  await auth.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(phonePage.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();

  await signInDiner(context, request, diner, baseURL!);
  await page.goto('/usuario/cuenta?menu=1');
  const sessions = page.getByRole('region', { name: 'Tus sesiones' });
  // The registration's, the laptop's, the phone's and this one.
  await expect(sessions.getByRole('listitem')).toHaveCount(4);
  await expect(sessions.getByRole('listitem').first()).toContainText('este dispositivo');
  await expect(sessions.getByRole('listitem').filter({ hasText: 'Safari · iPhone' })).toHaveCount(1);

  await sessions.getByRole('button', { name: /^Cerrar sesión: Safari · iPhone/ }).click();
  await expect(sessions.getByText('Sesión cerrada.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  // The phone is signed out: its account page sends it back to the restaurant.
  await phonePage.goto('/usuario/cuenta?menu=1');
  await expect(phonePage).toHaveURL(/\/restaurante\/1$/);
  await expect(phonePage.getByRole('button', { name: 'Registrarse para más funciones' })).toBeVisible();

  await sessions.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
  await expect(sessions.getByText('Cerramos tus sesiones en los demás dispositivos.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions.getByRole('button', { name: 'Cerrar las demás sesiones' })).toHaveCount(0);
  const old = await request.get(`/api/usuarios/${laptop.usuario_id}`, { headers: { Authorization: `Bearer ${laptop.token}` } });
  expect(old.status()).toBe(401);
  // This one still works.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Manejar Cuenta' })).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
});

test('a registration error shows the server message', async ({ page }) => {
  await page.goto('/restaurante/1/menu');
  await closePromotion(page);
  await page.getByRole('button', { name: 'Registrarse para más funciones' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear Cuenta' });
  await dialog.getByLabel('Nombre').fill('Corta');
  await dialog.getByLabel('Correo electrónico', { exact: true }).fill(`${unique('short').toLowerCase()}@example.com`);
  await dialog.getByLabel('Contraseña').fill('corta');
  await dialog.getByRole('button', { name: 'Crear Cuenta' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('La contraseña debe tener al menos 8 caracteres.');
  await expect(page).toHaveURL(/\/restaurante\/1\/menu$/);
});

test('the restaurant picker lists the restaurants', async ({ page }) => {
  await page.goto('/restaurante/seleccion');
  await expect(page.getByRole('heading', { name: 'Elige un restaurante' })).toBeVisible();
  const first = page.locator('.acct-restaurant').first();
  await expect(first).toHaveAttribute('href', /^\/restaurante\/\d+$/);
  await first.click();
  await expect(page).toHaveURL(/\/restaurante\/\d+$/);
  await expect(page.getByTestId('register-cta').getByRole('button', { name: 'Registrarse para más funciones' })).toBeVisible();
});
