import { expect, test } from './fixtures';

test('the language switch turns the login page to English and survives a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Server messages follow the chosen language too.
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials.');

  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
});

test('an unknown path redirects to the welcome page', async ({ page }) => {
  await page.goto('/esto/no/existe');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Bienvenido a la Cava de Vinos' })).toBeVisible();
});

test('the public menu route does not download admin code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/menu/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const name of scripts) {
    expect(name).not.toMatch(/Dashboard|SuperAdmin|LoginForm|SettingsPage|PopupsPage/);
  }
});

test('a page is usable on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
});

test('the JavaScript of the diner menu stays within its budget', async ({ page }) => {
  const { readFileSync } = await import('node:fs');
  const { gzipSync } = await import('node:zlib');
  const path = await import('node:path');
  const scripts = new Set<string>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
  });
  await page.goto('/menu/1');
  await expect(page.getByRole('link', { name: 'Entradas' })).toBeAttached();
  let total = 0;
  const sizes: string[] = [];
  for (const name of scripts) {
    const gz = gzipSync(readFileSync(path.join(process.cwd(), 'dist', name))).length;
    total += gz;
    sizes.push(`${name} ${(gz / 1024).toFixed(1)} kB`);
  }
  console.log(`menu JS (gzip): ${(total / 1024).toFixed(1)} kB\n  ${sizes.join('\n  ')}`);
  expect(total).toBeLessThan(60 * 1024);
});
