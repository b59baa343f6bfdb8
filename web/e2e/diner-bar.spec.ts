import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 27, items 8 and 9 on the diner's pages (La Cava, restaurant 1, which
// has a promotion): one bottom bar holds the cart button with its count and
// total and 'Ver Promoción', with the "added" notice above them, and covers
// nothing; a product whose options are all optional has 'Agregar' beside
// 'Personalizar'; the pickup is a day, then a time; the total stands beside
// 'Pagar con Clover'. Screenshots in /tmp/shots27-dinerui/after/.

test.describe.configure({ timeout: 90_000 });

const SHOTS = '/tmp/shots27-dinerui/after';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const T = {
  es: {
    title: 'Ordena en Línea',
    cava: 'Cava',
    cart: /^Ver carrito \(\d+\) · \$\d+\.\d\d$/,
    promo: 'Ver Promoción',
    add: /^Agregar: /,
    customize: /^Personalizar: /,
    added: /^Agregado al carrito/,
    goToPay: 'Ir a Pagar',
    checkoutTitle: 'Finalizar Pedido',
    day: 'Día de recogida',
    time: 'Hora de recogida',
    minutes: 'Minutos',
    asap: /^Lo antes posible · /,
    // The first pickup day: today, or tomorrow once today's last quarter hour has passed.
    firstDay: /^(Hoy|Mañana)$/,
    tomorrow: 'Mañana',
    pay: 'Pagar con Clover',
  },
  en: {
    title: 'Order Online',
    cava: 'Wine cellar',
    cart: /^View cart \(\d+\) · \$\d+\.\d\d$/,
    promo: 'View Promotion',
    add: /^Add: /,
    customize: /^Customize: /,
    added: /^Added to (the |your )?cart/i,
    goToPay: 'Go to Checkout',
    checkoutTitle: 'Complete Order',
    day: 'Pickup day',
    time: 'Pickup time',
    minutes: 'Minutes',
    asap: /^As soon as possible · /,
    firstDay: /^(Today|Tomorrow)$/,
    tomorrow: 'Tomorrow',
    pay: 'Pay with Clover',
  },
} as const;

/** Whether the element's centre is on screen and nothing covers it (document.elementFromPoint). */
async function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (y > window.innerHeight || y < 0 || x > window.innerWidth || x < 0) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/** Every product button of the shown category, scrolled to as a diner scrolls down to it, is uncovered. */
async function productButtonsUncovered(page: Page) {
  const buttons = page.locator('.ord-product__action');
  const n = await buttons.count();
  expect(n).toBeGreaterThan(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let i = 0; i < n; i++) {
    const b = buttons.nth(i);
    await b.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
    expect(await uncovered(b), `${await b.getAttribute('aria-label')} is covered`).toBe(true);
  }
  // At the very bottom the last product's buttons sit above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = page.locator('.ord-product').last().locator('.ord-product__action');
  for (let i = 0; i < (await last.count()); i++) expect(await uncovered(last.nth(i))).toBe(true);
}

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const lang of ['es', 'en'] as const) {
  const tx = T[lang];
  for (const viewport of VIEWPORTS) {
    test(`the bottom bar covers nothing; 'Agregar', the pickup day then time, the total beside the payment (${lang}, ${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((l) => {
        if (!sessionStorage.getItem('e2e-init')) {
          sessionStorage.setItem('e2e-init', '1');
          localStorage.clear();
          localStorage.setItem('language', l);
        }
      }, lang);
      await page.goto('/ordenar-en-linea/1');
      await expect(page.getByRole('heading', { level: 1, name: tx.title })).toBeVisible();
      const bar = page.getByTestId('diner-bar');
      // The promotion does not open by itself here: its button waits in the bar.
      await expect(bar.getByRole('button', { name: tx.promo })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Two products added with 'Agregar' (no options to choose): the notice shows in the bar, above the cart.
      const add = page.getByRole('button', { name: tx.add }).first();
      await add.click();
      await add.click();
      const status = bar.locator('[role="status"]');
      await expect(status).toHaveText(tx.added);
      const cart = bar.getByRole('link', { name: tx.cart });
      await expect(cart).toBeVisible();
      await expect(cart).toContainText('(2)');
      const statusBox = (await status.boundingBox())!;
      const cartBox = (await cart.boundingBox())!;
      expect(statusBox.y + statusBox.height).toBeLessThanOrEqual(cartBox.y);
      // The cart's label on one line: the button stays 48 px high ('Ver carrito (2) · $28.00' wrapped made it 68).
      expect(cartBox.height).toBeLessThan(56);
      // The bar spans the screen's width, at its bottom.
      const barBox = (await bar.boundingBox())!;
      expect(barBox.width).toBe(viewport.width);
      expect(Math.round(barBox.y + barBox.height)).toBe(viewport.height);

      // With items in the cart, the promotion's button and the notice: every product button is reachable and uncovered.
      await productButtonsUncovered(page);
      // A product with options has 'Personalizar'; the bar covers it neither.
      await expect(page.getByRole('button', { name: tx.customize }).first()).toBeAttached();
      await page.screenshot({ path: `${SHOTS}/ordering-${lang}-${viewport.width}.png`, fullPage: false });
      await expect(status).toBeEmpty({ timeout: 10_000 });
      await productButtonsUncovered(page);
      // Every category's products.
      const tabs = page.getByRole('tab');
      for (let i = 1; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        await productButtonsUncovered(page);
      }
      expect(await axe(page)).toEqual([]);

      // The checkout: a day, then an hour of that day, then its quarter hours (no list of 88);
      // as soon as possible preselected; the total beside 'Pagar con Clover'.
      await cart.click();
      await page.getByRole('link', { name: tx.goToPay }).or(page.getByRole('button', { name: tx.goToPay })).click();
      await expect(page.getByRole('heading', { level: 1, name: tx.checkoutTitle })).toBeVisible();
      const day = page.getByLabel(tx.day);
      const hour = page.getByLabel(tx.time);
      const minutes = page.getByLabel(tx.minutes);
      await expect(day).toBeEnabled();
      await expect(day.locator('option').first()).toHaveText(tx.firstDay);
      await day.selectOption({ index: 0 });
      await expect(hour.locator('option:checked')).toHaveText(tx.asap);
      await expect(minutes).toHaveCount(0);
      const hours = await hour.locator('option').count();
      expect(hours).toBeLessThanOrEqual(25);
      // The demo is open all day: as soon as possible, then the hours left that day — except in
      // the restaurant's last quarter hour, when only 'as soon as possible' (after midnight) is left.
      if (hours > 1) {
        await hour.selectOption({ index: hours - 1 });
        const quarters = await minutes.locator('option').count();
        expect(quarters).toBeGreaterThan(0);
        expect(quarters).toBeLessThanOrEqual(4);
        await expect(minutes).toHaveValue((await minutes.locator('option').first().getAttribute('value'))!);
        await minutes.selectOption({ index: quarters - 1 });
        await expect(minutes).toHaveValue((await minutes.locator('option').nth(quarters - 1).getAttribute('value'))!);
      } else {
        await expect(day.locator('option').first()).toHaveText(tx.tomorrow);
      }
      // Nothing wider than the screen at 390 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      const pay = page.getByRole('button', { name: tx.pay, exact: true });
      const total = page.getByTestId('pay-total');
      await expect(total).toContainText(/\$\d+\.\d\d/);
      await expect(pay).toHaveAccessibleDescription(/\$\d+\.\d\d/);
      const payBox = (await pay.boundingBox())!;
      const totalBox = (await total.boundingBox())!;
      // Beside it: on the same row, to its left.
      expect(totalBox.x + totalBox.width).toBeLessThanOrEqual(payBox.x);
      expect(totalBox.y).toBeLessThan(payBox.y + payBox.height);
      expect(payBox.y).toBeLessThan(totalBox.y + totalBox.height);
      expect(await axe(page)).toEqual([]);
      // The whole page from its top (a full-page shot of a scrolled page draws the sticky header mid-page).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/checkout-${lang}-${viewport.width}.png`, fullPage: true });
    });
  }

  for (const viewport of VIEWPORTS) {
    test(`the menu: 'Ver Promoción' in the bottom bar, the navigation's links keep their places while 'Cava' joins (${lang}, ${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((l) => localStorage.setItem('language', l), lang);
      // Hold the wine list (the Cava entry's own read) until the others are measured.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/api\/vinos\?/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/menu/1');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: /Cerrar|Close/ }).click();
      const bar = page.getByTestId('diner-bar');
      await expect(bar.getByRole('button', { name: tx.promo })).toBeVisible();
      const nav = page.getByRole('navigation', { name: /Navegación del restaurante|Restaurant navigation/ });
      await expect(nav.getByRole('link', { name: tx.title })).toBeVisible();
      await expect(nav.getByRole('link', { name: tx.cava })).toHaveCount(0);
      const boxes = () =>
        nav.getByRole('link').evaluateAll((links) =>
          links.map((a) => {
            const r = a.getBoundingClientRect();
            return [Math.round(r.left), Math.round(r.top)];
          }),
        );
      const headerHeight = () => page.getByRole('banner').evaluate((h) => Math.round(h.getBoundingClientRect().height));
      const before = await boxes();
      const height = await headerHeight();
      release();
      await expect(nav.getByRole('link', { name: tx.cava })).toBeVisible();
      expect((await boxes()).slice(0, before.length)).toEqual(before);
      expect(await headerHeight()).toBe(height);
      await page.screenshot({ path: `${SHOTS}/menu-${lang}-${viewport.width}.png`, fullPage: false });
      expect(await axe(page)).toEqual([]);
    });
  }
}
