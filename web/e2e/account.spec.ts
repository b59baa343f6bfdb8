import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** A unique e-mail per test run (the server keeps accounts for the worker's lifetime). */
function uniqueEmail(tag: string) {
  return `diner-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Closes restaurant 1's promotion popup when it shows (first visit of a page's storage). */
async function closePromotionIfShown(page: Page) {
  const promo = page.getByRole('dialog', { name: /Promoción|Promotion|Bienvenida|Welcome/i });
  const close = page.locator('.promo__close');
  try {
    await close.waitFor({ state: 'visible', timeout: 3000 });
  } catch {
    return;
  }
  await close.click();
  await expect(promo).toHaveCount(0);
}

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Mi cuenta' }).click();
  const drawer = page.getByRole('dialog', { name: 'Mi cuenta' });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('a diner registers from the menu, signs out, signs in again and edits the account', async ({ page, context }) => {
  const email = uniqueEmail('flow');
  const password = 'clave-segura-1';

  await page.goto('/restaurante/1');
  await closePromotionIfShown(page);
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Registrarse para más funciones' }).click();

  const dialog = page.getByRole('dialog', { name: 'Crear Cuenta' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Nombre').fill('Ana Prueba');
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Teléfono (opcional)').fill('+52 55 1234 5678');
  await dialog.getByLabel('Contraseña').fill(password);
  await dialog.getByRole('button', { name: 'Crear Cuenta' }).click();

  // The dialog closes on the menu, then 1.5 s later the location is replaced by the user panel.
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/usuario\/\d+\?menu=1$/);
  const usuarioId = /\/usuario\/(\d+)/.exec(page.url())![1];
  await expect(page.getByRole('heading', { name: 'Panel de Usuario - Restaurante 1' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Categorías Principales' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al Menú' })).toHaveAttribute('href', '/menu/1');
  await expect(page.getByRole('link', { name: 'Ofertas y Cupones' })).toHaveAttribute('href', '/usuario/ofertas?menu=1');
  // The side menu of a signed-in diner (the promotion was closed on the first visit).
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();

  // A second tab of the same browser shares the diner session.
  const page2 = await context.newPage();
  await page2.goto('/restaurante/1/menu');
  await expect(page2.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();

  // Sign out from the side menu: back to the restaurant's public page, in both tabs.
  let drawer = await openDrawer(page);
  await expect(drawer.getByRole('link', { name: 'Cuenta' })).toHaveAttribute('href', '/usuario/cuenta?menu=1');
  await expect(drawer.getByRole('link', { name: 'Ordena en Línea' })).toHaveAttribute('href', '/ordenar-en-linea/1');
  await drawer.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/restaurante\/1$/);
  await expect(page.getByRole('button', { name: 'Registrarse para más funciones' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toHaveCount(0);

  await expect(page2.getByRole('button', { name: 'Mi cuenta' })).toHaveCount(0);
  await expect(page2.getByRole('button', { name: 'Registrarse para más funciones' })).toBeVisible();
  await page2.close();

  // Sign in again from the dialog's login mode.
  await page.getByRole('button', { name: 'Registrarse para más funciones' }).click();
  const auth = page.getByRole('dialog');
  await auth.getByRole('button', { name: 'Inicia sesión' }).click();
  await expect(auth.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  await auth.getByLabel('Correo electrónico').fill(email);
  await auth.getByLabel('Contraseña').fill('mala-clave-99');
  await auth.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(auth.getByRole('alert')).toHaveText('Credenciales inválidas.');
  await auth.getByLabel('Contraseña').fill(password);
  await auth.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/restaurante\/1\/menu$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();

  // Edit the account; the change persists after a reload.
  drawer = await openDrawer(page);
  await drawer.getByRole('link', { name: 'Cuenta' }).click();
  await expect(page).toHaveURL(/\/usuario\/cuenta\?menu=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manejar Cuenta' })).toBeVisible();
  const name = page.getByLabel('Nombre');
  await expect(name).toHaveValue('Ana Prueba');
  await expect(page.getByLabel('Correo electrónico', { exact: true })).toHaveValue(email);
  await name.fill('Ana María Prueba');
  await page.getByLabel('Recibir notificaciones por WhatsApp').uncheck();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Nombre')).toHaveValue('Ana María Prueba');
  await expect(page.getByLabel('Recibir notificaciones por WhatsApp')).not.toBeChecked();
  await expect(page.getByLabel('Recibir promociones por correo electrónico')).toBeChecked();

  // The diner's other pages answer with their empty states.
  await page.goto('/usuario/mis-compras?menu=1');
  await expect(page.getByRole('heading', { name: 'Aún no tienes compras' })).toBeVisible();
  await page.goto('/usuario/mis-puntos?menu=1');
  await expect(page.getByRole('heading', { name: 'Aún no tienes puntos' })).toBeVisible();
  await page.goto('/usuario/restaurantes');
  await expect(page.getByRole('link', { name: /La Cava|Demo|Restaurante/ }).first()).toHaveAttribute(
    'href',
    '/restaurante/1',
  );
  expect(usuarioId).toMatch(/^\d+$/);
});

test('a registration error shows the server message', async ({ page }) => {
  await page.goto('/restaurante/1/menu');
  await closePromotionIfShown(page);
  await page.getByRole('button', { name: 'Registrarse para más funciones' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear Cuenta' });
  await dialog.getByLabel('Nombre').fill('Corta');
  await dialog.getByLabel('Correo electrónico').fill(uniqueEmail('short'));
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
  await expect(page.getByRole('button', { name: 'Registrarse para más funciones' })).toBeVisible();
});
