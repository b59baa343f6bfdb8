import { mkdirSync } from 'node:fs';
import { accounts, expect, test } from './fixtures';
import { cancelOrder, placePaidOrder, staffLogin, syncCatalog, unique } from './api';
import { addSteak, fillCheckout, texts } from './ordering-helpers';

/**
 * Online ordering for pickup, as a guest of La Cava (restaurant 1 of the
 * demo data, which takes orders at any hour): 'Ordena en Línea' → the
 * 'Personalizar' dialog of "Chuletón de Res" (required "Punto de cocción",
 * optional "Guarnición") → the cart, which survives a reload → 'Finalizar
 * Pedido' → the demo hosted checkout → the order page with its live status.
 */

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

  // The first tab learns it without a reload: it reads the unpaid order again every few seconds
  // (its stream is refused until the payment), then follows the paid order's stream.
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

// A paid order the kitchen cancelled, reached from the checkout's return
// (?pago=ok): one state (cancelled, never 'Pago exitoso'), and the reason and
// the refund (made by the demo's provider as the order was cancelled) as two
// sentences.
for (const lang of ['es', 'en'] as const) {
  test(`a cancelled order back from the checkout says it was cancelled, not paid (${lang})`, async ({ page, request }) => {
    const staff = await staffLogin(request, accounts.owner);
    await syncCatalog(request, staff, 1);
    const { pedidoId, token } = await placePaidOrder(request, unique('Ana'));
    await cancelOrder(request, staff, pedidoId, 'Se acabó el agua mineral');
    if (lang === 'en') await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
    const want = {
      es: { state: 'Cancelado', reason: 'El restaurante canceló el pedido: Se acabó el agua mineral.', refund: 'El pago fue reembolsado.' },
      en: { state: 'Cancelled', reason: 'The restaurant cancelled the order: Se acabó el agua mineral.', refund: 'Your payment was refunded.' },
    }[lang];
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`/pedido/${pedidoId}?t=${token}&pago=ok`);
      await expect(page.getByTestId('order-status')).toHaveText(want.state);
      await expect(page.getByText(texts[lang].paid)).toHaveCount(0);
      await expect(page.getByTestId('order-cancelled')).toHaveText([want.reason, want.refund]);
      mkdirSync('/tmp/shots-diner', { recursive: true });
      await page.screenshot({ path: `/tmp/shots-diner/pedido-cancelado-${width}-${lang}.png`, fullPage: true });
    }
  });
}
