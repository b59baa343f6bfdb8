import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Online ordering for pickup, as a guest of La Cava (restaurant 1 of the
 * demo data, which takes orders at any hour): 'Ordena en Línea' → the
 * 'Personalizar' dialog of "Chuletón de Res" (required "Punto de cocción",
 * optional "Guarnición") → the cart, which survives a reload → 'Finalizar
 * Pedido' → the demo hosted checkout → the order page with its live status.
 */

const texts = {
  es: {
    switchTo: null,
    title: 'Ordena en Línea',
    meat: 'Carnes',
    customize: 'Personalizar: Chuletón de Res',
    dialog: 'Personalizar: Chuletón de Res',
    chooseOne: 'Elige 1',
    upToTwo: /Elige hasta 2/,
    add: /^Agregar ·/,
    cart: /Carrito de Compras: 1 productos/,
    cartTitle: 'Carrito de Compras',
    goToPay: 'Ir a Pagar',
    checkoutTitle: 'Finalizar Pedido',
    name: 'Nombre',
    email: 'Correo electrónico',
    pay: 'Pagar con Clover',
    demoPay: 'Pagar',
    paid: 'Pago exitoso. Orden confirmada.',
    received: 'Recibido',
    waiting: 'Esperando el pago',
    emptyCart: /Carrito de Compras: 0 productos/,
  },
  en: {
    switchTo: 'English',
    title: 'Order Online',
    meat: 'Meat',
    customize: 'Customize: Rib Steak',
    dialog: 'Customize: Rib Steak',
    chooseOne: 'Choose 1',
    upToTwo: /Choose up to 2/,
    add: /^Add ·/,
    cart: /Shopping Cart: 1 items/,
    cartTitle: 'Shopping Cart',
    goToPay: 'Go to Checkout',
    checkoutTitle: 'Complete Order',
    name: 'Name',
    email: 'E-mail',
    pay: 'Pay with Clover',
    demoPay: 'Pay',
    paid: 'Payment successful. Order confirmed.',
    received: 'Received',
    waiting: 'Waiting for payment',
    emptyCart: /Shopping Cart: 0 items/,
  },
} as const;

type Texts = (typeof texts)[keyof typeof texts];

/** Opens 'Ordena en Línea' of La Cava in the language, customises the steak and adds it to the cart. */
async function addSteak(page: Page, tx: Texts) {
  await page.goto('/ordenar-en-linea/1');
  if (tx.switchTo) await page.getByRole('button', { name: tx.switchTo }).click();
  await expect(page.getByRole('heading', { level: 1, name: tx.title })).toBeVisible();
  await page.getByRole('tab', { name: tx.meat }).click();
  await page.getByRole('button', { name: tx.customize }).click();
  const dialog = page.getByRole('dialog', { name: tx.dialog });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(tx.chooseOne, { exact: true })).toBeVisible();
  await expect(dialog.getByText(tx.upToTwo)).toBeVisible();
  const add = dialog.getByRole('button', { name: tx.add });
  await expect(add).toBeDisabled();
  await expect(dialog.getByTestId('line-price')).toHaveText('$42.00');
  await dialog.getByRole('radio').nth(1).check();
  await dialog.getByRole('checkbox').first().check();
  await expect(dialog.getByTestId('line-price')).toHaveText('$45.00');
  await expect(add).toBeEnabled();
  await add.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: tx.cart })).toBeVisible();
}

async function fillCheckout(page: Page, tx: Texts) {
  await expect(page.getByRole('heading', { level: 1, name: tx.checkoutTitle })).toBeVisible();
  await page.getByLabel(tx.name, { exact: true }).fill('Ana Pérez');
  await page.getByLabel(tx.email, { exact: true }).fill('ana@example.com');
  await expect(page.getByTestId('quote-total')).toHaveText('$48.71');
}

for (const lang of ['es', 'en'] as const) {
  const tx = texts[lang];

  test(`a guest orders the steak for pickup and follows it (${lang}, phone)`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await addSteak(page, tx);

    // The cart survives a reload.
    await page.reload();
    await expect(page.getByRole('link', { name: tx.cart })).toBeVisible();
    await page.getByRole('link', { name: tx.cart }).click();
    await expect(page.getByRole('heading', { level: 1, name: tx.cartTitle })).toBeVisible();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    // $42 + $3 side, 8.25% tax: the server's figures.
    await expect(page.getByTestId('quote-total')).toHaveText('$48.71');
    await page.getByRole('link', { name: tx.goToPay }).click();

    await fillCheckout(page, tx);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // 390 px: the hosted checkout opens in this window.
    await page.getByRole('button', { name: tx.pay }).click();
    await expect(page).toHaveURL(/\/demo\/checkout\/demo_cs_/);
    await page.getByRole('button', { name: tx.demoPay, exact: true }).click();

    await expect(page).toHaveURL(/\/pedido\/\d+\?t=/);
    await expect(page.getByText(tx.paid)).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText(tx.received);
    await expect(page.getByTestId('order-total')).toHaveText('$48.71');
    // Paid: the cart is empty.
    await expect(page.getByRole('link', { name: tx.emptyCart })).toBeVisible();
    mkdirSync('/tmp/shots-diner', { recursive: true });
    await page.screenshot({ path: `/tmp/shots-diner/pedido-390-${lang}.png`, fullPage: true });
  });
}

test('on a wide screen the checkout opens in a new tab and this tab follows the order live', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const tx = texts.es;
  await addSteak(page, tx);
  await page.goto('/checkout/1');
  await fillCheckout(page, tx);
  const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: tx.pay }).click()]);
  await expect(page).toHaveURL(/\/pedido\/\d+\?t=/);
  await expect(page.getByTestId('order-status')).toHaveText(tx.waiting);

  await popup.waitForLoadState();
  await expect(popup).toHaveURL(/\/demo\/checkout\/demo_cs_/);
  await popup.getByRole('button', { name: tx.demoPay, exact: true }).click();
  await expect(popup.getByTestId('order-status')).toHaveText(tx.received);

  // The first tab learns it from the event stream, without a reload.
  await expect(page.getByTestId('order-status')).toHaveText(tx.received);
  await expect(page.getByText(tx.paid)).toBeVisible();
  await expect(page.getByRole('link', { name: /Carrito de Compras: 0 productos/ })).toBeVisible();
  mkdirSync('/tmp/shots-diner', { recursive: true });
  await page.screenshot({ path: '/tmp/shots-diner/pedido-1280.png', fullPage: true });
});

test('the menu links to online ordering', async ({ page }) => {
  await page.goto('/menu/1');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await page.getByRole('link', { name: 'Ordena en Línea' }).click();
  await expect(page).toHaveURL(/\/ordenar-en-linea\/1$/);
});

test('screenshots of the ordering pages at 390 and 1280 px', async ({ page }) => {
  const dir = '/tmp/shots-diner';
  mkdirSync(dir, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/ordenar-en-linea/1');
    await page.evaluate(() => window.localStorage.removeItem('cart_1'));
    await addSteak(page, texts.es);
    await page.screenshot({ path: `${dir}/ordenar-${width}.png`, fullPage: false });
    await page.getByRole('tab', { name: 'Carnes' }).click();
    await page.getByRole('button', { name: texts.es.customize }).click();
    await page.getByRole('dialog').getByRole('radio').first().check();
    await page.screenshot({ path: `${dir}/personalizar-${width}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/carrito/1');
    await expect(page.getByTestId('quote-total')).toBeVisible();
    await page.screenshot({ path: `${dir}/carrito-${width}.png`, fullPage: true });
    await page.goto('/checkout/1');
    await fillCheckout(page, texts.es);
    await page.screenshot({ path: `${dir}/checkout-${width}.png`, fullPage: true });
  }
});
