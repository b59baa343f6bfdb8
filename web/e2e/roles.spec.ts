import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { accounts, expect, test } from './fixtures';

// Issue 30 (Staff), the web side: a cook's sign-in lands on the board full
// width and nothing else; the pages and the API their role does not give
// say so; a group owner picks a restaurant after signing in and switches
// between the two. In Spanish and English; axe on the kitchen's screen and
// the picker; screenshots at 390 and 1280 (and the kitchen's tablet, 1280x800).

const SHOTS = '/tmp/shots30/roles';

const TEXTS = {
  es: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar Sesión',
    logout: 'Cerrar Sesión',
    board: 'Pedidos en línea',
    nav: 'Secciones del panel',
    menu: 'Secciones',
    refused: 'Tu rol (Cocina) no permite abrir esta página.',
    home: 'Ir a mi página de inicio',
    pause: 'Pausar pedidos',
    pick: 'Elige un restaurante',
    switcher: 'Restaurante',
    panel: 'Panel de Administración - Restaurante',
    fees: 'Comisiones de la plataforma',
    kitchen: 'Pantalla de cocina',
    waiterLinks: ['Tablero de pedidos', 'Mesas', 'Ver la carta', 'Canjear cupón'],
    redeem: 'Canjear cupón',
    refusedWaiter: 'Tu rol (Mesero) no permite abrir esta página.',
  },
  en: {
    email: 'Email',
    password: 'Password',
    submit: 'Log In',
    logout: 'Log Out',
    board: 'Online orders',
    nav: 'Panel sections',
    menu: 'Sections',
    refused: 'Your role (Kitchen) cannot open this page.',
    home: 'Go to my home page',
    pause: 'Pause orders',
    pick: 'Choose a restaurant',
    switcher: 'Restaurant',
    panel: 'Administration Panel - Restaurant',
    fees: 'Platform fees',
    kitchen: 'Kitchen screen',
    waiterLinks: ['Order board', 'Tables', 'View the menu', 'Redeem coupon'],
    redeem: 'Redeem coupon',
    refusedWaiter: 'Your role (Waiter) cannot open this page.',
  },
};

const ROLE_REFUSED_API = 'Tu rol en este restaurante no permite esta acción.';

async function useLanguage(page: Page, lang: 'es' | 'en') {
  await page.addInitScript((l) => window.localStorage.setItem('language', l), lang);
}

async function axe(page: Page) {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

async function logIn(page: Page, T: (typeof TEXTS)['es'], account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel(T.email).fill(account.email);
  await page.getByLabel(T.password).fill(account.password);
  await page.getByRole('button', { name: T.submit }).click();
}

for (const lang of ['es', 'en'] as const) {
  const T = TEXTS[lang];

  test(`[${lang}] the cook lands on the board full width, and neither the pages nor the API of other roles open`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.setViewportSize({ width: 1280, height: 800 });
    await logIn(page, T, accounts.cocina);
    await expect(page).toHaveURL(/\/pedidos\?cliente_id=1$/);
    await expect(page.getByRole('heading', { name: T.board, level: 1 })).toBeVisible();
    await expect(page.getByRole('group', { name: T.pause })).toBeVisible();
    // The kitchen's screen: the restaurant's name, sign-out, the language; no sections anywhere.
    await expect(page.getByTestId('staff-restaurant')).toContainText('La Cava Demo');
    await expect(page.getByTestId('staff-restaurant')).toContainText(T.kitchen);
    await expect(page.getByRole('button', { name: T.logout })).toBeVisible();
    await expect(page.getByRole('navigation', { name: T.nav })).toHaveCount(0);
    await expect(page.getByRole('button', { name: T.menu })).toHaveCount(0);
    // Full width: the board's columns use the tablet's width.
    const width = await page.locator('.staff-shell__page').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(1200);
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/kitchen-board-${lang}-1280x800.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: T.menu })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/kitchen-board-${lang}-390.png`, fullPage: true });

    // 'Configuraciones' typed in: the page says why, with the way home.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/settings?cliente_id=1');
    await expect(page.getByRole('alert')).toHaveText(T.refused);
    await page.screenshot({ path: `${SHOTS}/kitchen-refused-${lang}-1280.png`, fullPage: true });
    // The fees live on the panel: refused too.
    await page.goto('/dashboard/1');
    await expect(page.getByRole('alert')).toHaveText(T.refused);
    await expect(page.getByText(T.fees)).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/kitchen-refused-${lang}-390.png`, fullPage: true });
    await page.getByRole('link', { name: T.home }).click();
    await expect(page).toHaveURL(/\/pedidos\?cliente_id=1$/);

    // The API answers 403 with the role's message to the cook's own token.
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    const headers = { Authorization: `Bearer ${token}` };
    for (const res of [
      await page.request.get('/api/clientes/1/fees', { headers }),
      await page.request.get('/api/clientes/1/resumen', { headers }),
      await page.request.put('/api/clientes/1/pedidos/config', { headers, data: { activo: false } }),
    ]) {
      expect(res.status()).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe(ROLE_REFUSED_API);
    }
    // The board and the kitchen's pause are the cook's.
    expect((await page.request.get('/api/clientes/1/pedidos', { headers })).status()).toBe(200);
    const paused = await page.request.put('/api/clientes/1/pedidos/pausa', { headers, data: { pausado_hasta: 0 } });
    expect(paused.status()).toBe(200);
  });

  test(`[${lang}] a group owner picks a restaurant after signing in, then switches between the two`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, T, accounts.grupo);
    await expect(page).toHaveURL(/\/elegir-restaurante$/);
    await expect(page.getByRole('heading', { name: T.pick, level: 1 })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/pick-${lang}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/pick-${lang}-390.png`, fullPage: true });

    // La Cava, as its owner: the panel with the fees.
    await page.getByRole('button', { name: /La Cava Demo/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/1$/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole('heading', { name: T.panel, level: 1 })).toBeVisible();
    const switcher = page.getByLabel(T.switcher, { exact: true });
    await expect(switcher).toHaveValue('1');
    await expect(page.getByText(T.fees, { exact: true })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/switcher-cava-${lang}-1280.png` });

    // The Taquería, as its manager: the same page there, its name, no fees (billing is the owner's).
    await switcher.selectOption('2');
    await expect(page).toHaveURL(/\/dashboard\/2$/);
    await expect(switcher).toHaveValue('2');
    await expect(page.getByTestId('staff-restaurant')).toContainText('Taquería Demo');
    await expect(page.getByRole('heading', { name: T.panel, level: 1 })).toBeVisible();
    await expect(page.getByText(T.fees, { exact: true })).toHaveCount(0);
    // The summary's fees card too: the server leaves the fees out of a manager's summary.
    await expect(page.getByTestId('stat-revenue')).toBeVisible();
    await expect(page.getByTestId('stat-fees')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/switcher-taqueria-${lang}-1280.png` });

    // The session acts on the restaurant chosen (a reload keeps it).
    const info = await page.evaluate(async () => {
      const res = await fetch('/api/auth/validate', { method: 'POST', headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await res.json()) as { cliente_id: number; rol: string };
    });
    expect(info).toMatchObject({ cliente_id: 2, rol: 'gerente' });

    // On the board, switching keeps the board: the URL's restaurant changes.
    await page.goto('/pedidos?cliente_id=2');
    await switcher.selectOption('1');
    await expect(page).toHaveURL(/\/pedidos\?cliente_id=1$/);
    await expect(page.getByTestId('staff-restaurant')).toContainText('La Cava Demo');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/switcher-board-${lang}-390.png`, fullPage: true });
  });

  test(`[${lang}] the waiter: the board, voucher redemption and the menu read-only; not the settings`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.setViewportSize({ width: 1280, height: 800 });
    await logIn(page, T, accounts.mesero);
    await expect(page).toHaveURL(/\/pedidos\?cliente_id=1$/);
    const nav = page.getByRole('navigation', { name: T.nav });
    await expect(nav.getByRole('link')).toHaveText(T.waiterLinks);
    // No pause for the floor.
    await expect(page.getByRole('heading', { name: T.board, level: 1 })).toBeVisible();
    await expect(page.getByRole('group', { name: T.pause })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/waiter-board-${lang}-1280.png` });
    await nav.getByRole('link', { name: T.redeem }).click();
    await expect(page).toHaveURL(/\/canjear\?cliente_id=1$/);
    await expect(page.getByRole('heading', { name: T.redeem, level: 1 })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/waiter-redeem-${lang}-390.png`, fullPage: true });
    await page.goto('/pedidos/ajustes?cliente_id=1');
    await expect(page.getByRole('alert')).toHaveText(T.refusedWaiter);
  });
}
