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
  // The server-painted copy goes when the app has taken over: its code has loaded.
  await expect(page.locator('#first-view')).toHaveCount(0);
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

test('the JavaScript of the diner menu stays within its budget, as sent on the wire', async ({ page }) => {
  const scripts = new Map<string, import('@playwright/test').Request>();
  page.on('requestfinished', (req) => {
    if (req.resourceType() === 'script') scripts.set(new URL(req.url()).pathname, req);
  });
  await page.goto('/menu/1');
  await expect(page.getByRole('link', { name: 'Entradas' })).toBeAttached();
  // The server-painted copy goes when the app has taken over: its code has loaded.
  await expect(page.locator('#first-view')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  let total = 0;
  const sizes: string[] = [];
  for (const [name, req] of scripts) {
    // What the phone downloads: the server sends the code gzip-compressed
    // (all but files too small to gain from it).
    const response = await req.response();
    const { responseBodySize } = await req.sizes();
    if ((await response!.body()).length > 1024) {
      expect(response!.headers()['content-encoding'], name).toBe('gzip');
    }
    total += responseBodySize;
    sizes.push(`${name} ${(responseBodySize / 1024).toFixed(1)} kB`);
  }
  console.log(`menu JS (gzip, on the wire): ${(total / 1024).toFixed(1)} kB\n  ${sizes.join('\n  ')}`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThan(60 * 1024);
});

test('on a first visit the promotion image loads before the code', async ({ page }) => {
  const events: string[] = [];
  page.on('requestfinished', (req) => {
    if (new URL(req.url()).pathname.startsWith('/media/') && events.length === 0) events.push('image');
  });
  page.on('request', (req) => {
    if (req.resourceType() === 'script') events.push('code');
  });
  await page.goto('/menu/1');
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(events[0]).toBe('image');
  expect(events).toContain('code');
});

test('a promotion image that never arrives holds the code back for two seconds at most', async ({ page }) => {
  await page.route('**/media/**', () => {
    /* never answered */
  });
  const started = Date.now();
  await page.goto('/menu/1', { waitUntil: 'commit' });
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar' })).toBeFocused();
  // 2 s of hold-back, and room for a loaded machine to load and start the code.
  expect(Date.now() - started).toBeLessThan(8_000);
});

test('a promotion image that fails starts the code at once', async ({ page }) => {
  await page.route('**/media/**', (route) => route.abort());
  await page.goto('/menu/1');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Entradas' })).toBeVisible();
});
