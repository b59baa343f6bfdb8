import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { signInStaff, staffLogin, syncCatalog, unique } from './api';
import { addSteak, texts } from './ordering-helpers';

/**
 * The diner's language holds from the menu to the receipt: La Cava's POS
 * names its modifiers in Spanish and its sales tax in English ('Sales Tax
 * 8.25%'); the owner gave them English and Spanish names (the demo data,
 * and 'Gestión de Productos'). An English diner reads English product,
 * modifier and tax names from 'Order Online' to the order's page; a Spanish
 * one reads the tax in Spanish; the kitchen keeps the restaurant's names.
 */

const SHOTS = '/tmp/shots-english';

async function shot(page: Page | Locator, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  if ('goto' in page) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  else await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test.beforeEach(async ({ request }) => {
  await syncCatalog(request, await staffLogin(request, accounts.owner), 1);
});

for (const width of [390, 1280]) {
  test(`the English receipt: an English diner's order reads English from the menu to the order page (${width} px)`, async ({
    newContext,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const context = await newContext({ baseURL, viewport: { width, height: width === 390 ? 844 : 900 } });
    await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    const name = unique('Ann');

    await page.goto('/ordenar-en-linea/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Order Online' })).toBeVisible();
    await page.getByRole('tab', { name: 'Meat' }).click();
    await page.getByRole('button', { name: 'Customize: Rib Steak' }).click();
    const dialog = page.getByRole('dialog', { name: 'Customize: Rib Steak' });
    await expect(dialog.getByRole('group', { name: /^Doneness/ })).toBeVisible();
    await expect(dialog.getByRole('group', { name: /^Sides/ })).toBeVisible();
    await expect(dialog.getByText('Punto de cocción')).toHaveCount(0);
    await dialog.getByRole('radio', { name: 'Medium' }).check();
    await dialog.getByRole('checkbox', { name: /^French fries/ }).check();
    if (width === 390) await shot(page, 'customize-390-en');
    await dialog.getByRole('button', { name: /^Add ·/ }).click();
    await expect(page.getByRole('link', { name: 'Shopping Cart: 1 item' })).toBeVisible();

    await page.goto('/carrito/1');
    const line = page.getByTestId('cart-line');
    await expect(line).toContainText('Rib Steak');
    await expect(line).toContainText('Doneness: Medium');
    await expect(line).toContainText('Sides: French fries (+$3.00)');
    await expect(page.getByText('Sales Tax 8.25%')).toBeVisible();
    await expect(page.getByTestId('quote-total')).toHaveText('$48.71');
    await shot(page, `cart-${width}-en`);

    await page.goto('/checkout/1');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('E-mail', { exact: true }).fill('ann@example.com');
    await expect(page.getByTestId('quote-total')).toHaveText('$48.71');
    // The demo checkout: this window on a phone, a new tab on a wide screen (this tab then follows the order).
    let checkout = page;
    if (width > 768) {
      [checkout] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Pay with Clover' }).click()]);
    } else {
      await page.getByRole('button', { name: 'Pay with Clover' }).click();
    }
    await expect(checkout).toHaveURL(/\/demo\/checkout\/demo_cs_/);
    await expect(checkout.getByText('Pickup order (1 item)')).toBeVisible();
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
    if (checkout !== page) await expect(checkout.getByTestId('order-status')).toHaveText('Received');

    await expect(page).toHaveURL(/\/pedido\/\d+\?t=/);
    await expect(page.getByTestId('order-status')).toHaveText('Received');
    const receipt = page.locator('.ord-cart__side');
    await expect(receipt).toContainText('1 × Rib Steak');
    await expect(receipt).toContainText('Doneness: Medium');
    await expect(receipt).toContainText('Sides: French fries');
    await expect(receipt.getByText('Sales Tax 8.25%')).toBeVisible();
    await expect(receipt).not.toContainText('Chuletón');
    await expect(page.getByTestId('order-total')).toHaveText('$48.71');
    await shot(page, `order-${width}-en`);

    // Read again with the app in Spanish: the labels follow the app, the order keeps the language it was placed in.
    await page.evaluate(() => window.localStorage.setItem('language', 'es'));
    await context.addInitScript(() => window.localStorage.setItem('language', 'es'));
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText('Recibido');
    await expect(receipt).toContainText('1 × Rib Steak');
    await shot(page, `order-${width}-en-read-in-es`);

    // The kitchen reads the restaurant's own names.
    const kitchen = await newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    await signInStaff(kitchen, request, accounts.owner, baseURL!);
    const board = await kitchen.newPage();
    await board.goto('/pedidos?cliente_id=1');
    const card = board.getByTestId('order-card').filter({ hasText: name });
    await expect(card).toContainText('Chuletón de Res');
    await expect(card).toContainText('Al punto');
    await expect(card).not.toContainText('Rib Steak');
    await context.close();
    await kitchen.close();
  });
}

test('the Spanish cart and order name the tax in Spanish, not with the POS English name', async ({ page }) => {
  test.setTimeout(60_000);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/ordenar-en-linea/1');
    await page.evaluate(() => window.localStorage.removeItem('cart_1'));
    await addSteak(page, texts.es);
    await page.goto('/carrito/1');
    await expect(page.getByTestId('cart-line')).toContainText('Punto de cocción: Al punto');
    await expect(page.getByText('Impuesto sobre ventas 8.25%')).toBeVisible();
    await expect(page.getByText('Sales Tax 8.25%')).toHaveCount(0);
    await shot(page, `cart-${width}-es`);
  }
});

test("the owner names the POS's modifiers and taxes in 'Gestión de Productos', and English diners read them", async ({
  page,
  context,
  newContext,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInStaff(context, request, accounts.owner, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/clover-products?cliente_id=1');
  const section = page.getByTestId('pos-names');
  await section.getByText('Modificadores e impuestos en español e inglés').click();
  const sides = section.getByRole('form', { name: 'Guarnición' });
  const peppers = sides.getByRole('textbox', { name: 'Nombre en inglés de Pimientos asados' });
  await expect(peppers).toHaveValue('Roasted peppers');
  await expect(sides.getByRole('textbox', { name: 'Nombre en español de Pimientos asados' })).toHaveAttribute('placeholder', 'Pimientos asados');
  const taxes = section.getByRole('form', { name: 'Impuestos' });
  await expect(taxes.getByRole('textbox', { name: 'Nombre en español de Sales Tax 8.25%' })).toHaveValue('Impuesto sobre ventas 8.25%');
  await peppers.fill('Flame-roasted peppers');
  await sides.getByRole('button', { name: 'Guardar nombres' }).click();
  await expect(sides.getByRole('status')).toHaveText('Nombres guardados.');
  await shot(section, 'pos-names-1280-es');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(section, 'pos-names-390-es');

  // An English diner's 'Customize' reads the owner's name.
  const diner = await newContext({ baseURL });
  await diner.addInitScript(() => window.localStorage.setItem('language', 'en'));
  const menu = await diner.newPage();
  await menu.goto('/ordenar-en-linea/1');
  await menu.getByRole('tab', { name: 'Meat' }).click();
  await menu.getByRole('button', { name: 'Customize: Rib Steak' }).click();
  await expect(menu.getByRole('dialog').getByRole('checkbox', { name: /^Flame-roasted peppers/ })).toBeVisible();
  await diner.close();

  // The owner's page in English; the demo's name back.
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.reload();
  await section.getByText('Modifiers and taxes in Spanish and English').click();
  const sidesEn = section.getByRole('form', { name: 'Guarnición' });
  await sidesEn.getByRole('textbox', { name: 'English name of Pimientos asados' }).fill('Roasted peppers');
  await sidesEn.getByRole('button', { name: 'Save names' }).click();
  await expect(sidesEn.getByRole('status')).toHaveText('Names saved.');
  await shot(section, 'pos-names-390-en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(section, 'pos-names-1280-en');
});
