import type { Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';

async function logIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

test('owner logs in and lands on the restaurant panel', async ({ page }) => {
  await logIn(page, accounts.owner);
  await expect(page).toHaveURL(/\/dashboard\/1$/);
  await expect(page.getByRole('heading', { name: 'Panel de Administración - Restaurante' })).toBeVisible();
  await expect(page.getByText('La Cava Demo')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Categorías', exact: true })).toHaveAttribute(
    'href',
    '/clover-categories?cliente_id=1',
  );
});

test('super admin logs in and lands on /super-admin', async ({ page, baseURL }) => {
  await logIn(page, accounts.superAdmin);
  await expect(page).toHaveURL(/\/super-admin$/);
  await expect(page.getByRole('link', { name: 'Dashboard General' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Configuración Clover' })).toBeVisible();
  await expect(page.getByTestId('backend-address')).toHaveText(`${baseURL}/api`);
});

test('super admin login form logs in a super admin', async ({ page }) => {
  await page.goto('/super-admin/login');
  await expect(page.getByRole('heading', { name: 'Acceso Super Admin' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(accounts.superAdmin.email);
  await page.getByLabel('Contraseña').fill(accounts.superAdmin.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/super-admin$/);
});

test('super admin login form refuses a restaurant owner', async ({ page }) => {
  await page.goto('/super-admin/login');
  await page.getByLabel('Correo electrónico').fill(accounts.owner.email);
  await page.getByLabel('Contraseña').fill(accounts.owner.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Esta cuenta no es de super administrador.');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('wrong password shows the server message', async ({ page }) => {
  await logIn(page, { email: accounts.owner.email, password: 'wrong-password' });
  await expect(page.getByRole('alert')).toHaveText('Credenciales inválidas.');
  await expect(page).toHaveURL(/\/login$/);
});

test('empty fields are refused without calling the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Por favor, completa todos los campos.');
});

test('an owner who opens /super-admin is sent to its own panel', async ({ page }) => {
  await logIn(page, accounts.owner);
  await expect(page).toHaveURL(/\/dashboard\/1$/);
  await page.goto('/super-admin');
  await expect(page).toHaveURL(/\/dashboard\/1$/);
  await expect(page.getByRole('heading', { name: 'Panel de Administración - Restaurante' })).toBeVisible();
});

test('a super admin opens a restaurant-only page only for a named restaurant', async ({ page }) => {
  await logIn(page, accounts.superAdmin);
  await expect(page).toHaveURL(/\/super-admin$/);
  // Without ?cliente_id= there is no restaurant to act on: back to the super admin's menu.
  await page.goto('/clover-categories');
  await expect(page).toHaveURL(/\/super-admin$/);
  // From a restaurant's panel (/super-admin/dashboard/1) the links name it: the page opens.
  await page.goto('/clover-categories?cliente_id=1');
  await expect(page).toHaveURL(/\/clover-categories\?cliente_id=1$/);
  await expect(page.getByRole('heading', { name: 'Gestión de Categorías' })).toBeVisible();
});

test('a visitor without session is sent to /login', async ({ page }) => {
  await page.goto('/dashboard/1');
  await expect(page).toHaveURL(/\/login$/);
});

test('logout returns to /login and the session is gone', async ({ page }) => {
  await logIn(page, accounts.owner);
  await expect(page.getByText('La Cava Demo')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The server revoked the token too.
  const status = await page.evaluate(async (t) => {
    const res = await fetch('/api/auth/validate', { method: 'POST', headers: { Authorization: `Bearer ${t}` } });
    return res.status;
  }, token);
  expect(status).toBe(401);
  await page.goto('/dashboard/1');
  await expect(page).toHaveURL(/\/login$/);
});

test('owner2 opening restaurant 1 sees the forbidden message', async ({ page }) => {
  await logIn(page, accounts.owner2);
  await expect(page).toHaveURL(/\/dashboard\/2$/);
  await page.goto('/dashboard/1');
  await expect(page.getByRole('alert')).toHaveText('No tienes permiso para ver este restaurante.');
});
