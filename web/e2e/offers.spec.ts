import type { Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { makePng } from './helpers';
import {
  dinerLogin,
  dinerPurchases,
  hasCard,
  isoDate,
  offerOnSale,
  paidVoucher,
  publicOffer,
  registerDemoCard,
  signInDiner,
  signInStaff,
  startCheckout,
  unique,
} from './api';

// One user flow per test: each test reaches its starting point through the
// API (api.ts) and goes through the UI only for the step it is about — the
// owner's card and offer forms, the diner's purchase and the demo checkout,
// the owner's voucher redemption.

/** The diner's offers page → 'Comprar' → confirmation → the demo checkout page. */
async function startPurchase(page: Page, title: string) {
  await page.goto('/usuario/ofertas?menu=1');
  const card = page.getByTestId('coupon-card').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Descuento: 20%')).toBeVisible();
  await expect(card.getByTestId('coupon-countdown')).toHaveText(/^Expira en: \d+ días?, \d+ horas?$/);
  await card.getByRole('button', { name: 'Comprar' }).click();
  const modal = page.getByRole('dialog', { name: 'Confirmar Compra' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Incluye un fee de servicio de $5.00')).toBeVisible();
  await expect(modal.getByTestId('purchase-total')).toHaveText('$21.00');
  await modal.getByRole('button', { name: 'Ir a Clover' }).click();
  await expect(page).toHaveURL(/\/demo\/checkout\/demo_cs_/);
  await expect(page.getByRole('heading', { name: 'Pago de demostración' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
}

test('the offer form asks the owner for a card first, and the demo card is registered as a token', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // Restaurant 2: no other test registers its card, so the form must ask.
  const staff = await signInStaff(context, request, accounts.owner2, baseURL!);
  expect(await hasCard(request, staff, 2)).toBe(false);

  await page.goto('/crear-oferta?cliente_id=2');
  await expect(page.getByRole('heading', { name: 'Crear Oferta', level: 1 })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Registrar tarjeta' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Modo demostración — no se cobra nada; usa 4242 4242 4242 4242 \(aprueba\)/)).toBeVisible();
  await expect(page.getByLabel('Título', { exact: true })).toBeDisabled();

  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') sent.push(r.postData() ?? '');
  });
  await dialog.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Vencimiento (MM/AA)').fill('12/39');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Registrar tarjeta' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('card-on-file')).toHaveText(/Tarjeta \S+ •••• \d{4}/);
  await expect(page.getByLabel('Título', { exact: true })).toBeEnabled();
  // Only the provider's token reaches the server, never the card number.
  expect(sent.some((b) => b.includes('demo_tok_4242'))).toBe(true);
  expect(sent.some((b) => /4242 ?4242 ?4242 ?4242/.test(b))).toBe(false);
  expect(await hasCard(request, staff, 2)).toBe(true);
});

test('the owner creates an offer with the form and it goes on sale', async ({ page, context, request, baseURL }) => {
  const staff = await signInStaff(context, request, accounts.owner, baseURL!);
  await registerDemoCard(request, staff, 1);
  const code = unique('FORM');
  const title = `Oferta ${code}`;

  await page.goto('/crear-oferta?cliente_id=1');
  await expect(page.getByTestId('card-on-file')).toHaveText(/Tarjeta \S+ •••• \d{4}/);
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByLabel('Descripción', { exact: true }).fill('Postre de la casa con cualquier plato fuerte');
  await page.getByLabel('Descuento (%)').fill('20');
  await page.getByLabel('Precio (sin descuento)').fill('20.00');
  await page.getByLabel('Cantidad disponible').fill('5');
  await page.getByLabel('Código').fill(code);
  await page.getByLabel('Fecha de expiración').fill(isoDate(10));
  await page.getByLabel('Imagen de la oferta').setInputFiles({
    name: 'oferta.png',
    mimeType: 'image/png',
    buffer: makePng(80, 60, [220, 120, 40]),
  });
  await expect(page.getByTestId('offer-preview')).toBeVisible();
  await page.getByRole('button', { name: 'Crear Oferta' }).click();
  await expect(page.getByText('✅ Oferta creada con éxito')).toBeVisible();
  await expect(page.getByLabel('Título', { exact: true })).toHaveValue('');
  const item = page.getByTestId('owner-offer').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('owner-offer-stock')).toHaveText('5');

  // On sale for diners, as the form set it (prices in cents).
  expect(await publicOffer(request, 1, code)).toMatchObject({
    titulo: title,
    descuento: 20,
    precio: 2000,
    precio_final: 1600,
    cantidad_disponible: 5,
    estado: 'activo',
  });
});

test('a diner buys an offer through the demo checkout and finds the voucher in Mis Compras', async ({
  page,
  context,
  request,
  baseURL,
  diner,
}) => {
  const { offer } = await offerOnSale(request, accounts.owner, 1, 'BUY');
  const session = await signInDiner(context, request, diner, baseURL!);

  await startPurchase(page, offer.titulo);
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByText('Pago procesado correctamente. Revisa tu correo.')).toBeVisible();
  const mine = page.getByRole('link', { name: 'Ver Mis Compras' });
  await expect(mine).toHaveAttribute('href', '/usuario/mis-compras?pago=ok');

  // The voucher of this purchase, as the API lists it, is on Mis Compras.
  const paid = (await dinerPurchases(request, session)).find((c) => c.cupon_id === offer.id);
  expect(paid).toMatchObject({ estado: 'pagado', total: 2100 });
  expect(paid!.codigo_voucher).toBeTruthy();
  await mine.click();
  await expect(page).toHaveURL(/\/usuario\/mis-compras\?pago=ok$/);
  await expect(page.getByText(paid!.codigo_voucher!, { exact: true })).toBeVisible();
  expect((await publicOffer(request, 1, offer.codigo))?.cantidad_disponible).toBe(offer.cantidad_disponible - 1);
});

test('a declined demo payment leaves the offer stock unchanged', async ({ page, context, request, baseURL, diner }) => {
  const { offer } = await offerOnSale(request, accounts.owner, 1, 'DECLINE');
  await signInDiner(context, request, diner, baseURL!);
  // The purchase is started through the API (the diner's 'Comprar' is the test above).
  const checkout = await startCheckout(request, await dinerLogin(request, diner), offer.id);
  expect(checkout.total).toBe(2100);

  await page.goto(checkout.checkoutUrl);
  await expect(page.getByRole('heading', { name: 'Pago de demostración' })).toBeVisible();
  await expect(page.getByText(offer.titulo)).toBeVisible();
  await page.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText('Pago rechazado. No se hizo ningún cargo.')).toBeVisible();
  const back = page.getByRole('link', { name: 'Volver a las ofertas' });
  await expect(back).toHaveAttribute('href', '/usuario/1/ofertas');
  await back.click();
  await expect(page.getByRole('heading', { name: offer.titulo })).toBeVisible();

  expect((await publicOffer(request, 1, offer.codigo))?.cantidad_disponible).toBe(offer.cantidad_disponible);
});

test('the owner redeems a voucher once in the panel, and the platform fee is listed', async ({
  page,
  context,
  request,
  baseURL,
  diner,
}) => {
  const { offer } = await offerOnSale(request, accounts.owner, 1, 'REDEEM');
  const voucher = await paidVoucher(request, diner, offer.id);
  await signInStaff(context, request, accounts.owner, baseURL!);

  await page.goto('/dashboard/1');
  await expect(page.getByRole('heading', { name: 'Canjear cupón' })).toBeVisible();
  await page.getByLabel('Código del cupón').fill(voucher);
  await page.getByRole('button', { name: 'Canjear' }).click();
  await expect(page.getByText('Cupón canjeado correctamente.')).toBeVisible();
  await page.getByLabel('Código del cupón').fill(voucher);
  await page.getByRole('button', { name: 'Canjear' }).click();
  await expect(page.getByText('Este cupón ya fue canjeado.')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Comisiones de la plataforma' })).toBeVisible();
  await expect(page.getByTestId('fee-totals')).toBeVisible();
});

test('a visitor who is not signed in is sent to sign in before buying', async ({ page, request }) => {
  const { offer } = await offerOnSale(request, accounts.owner, 1, 'VISITOR');
  await page.goto('/usuario/ofertas?menu=1');
  await expect(page.getByRole('heading', { name: 'Ofertas y Cupones' })).toBeVisible();
  const card = page.getByTestId('coupon-card').filter({ has: page.getByRole('heading', { name: offer.titulo }) });
  await card.getByRole('button', { name: 'Comprar' }).click();
  await expect(card.getByRole('link', { name: 'Iniciar sesión o registrarse' })).toHaveAttribute('href', '/restaurante/1');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
