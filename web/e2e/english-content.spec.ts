import { accounts, expect, test } from './fixtures';
import { makePng } from './helpers';
import {
  createOffer,
  createPopup,
  offerInput,
  payDemoCheckout,
  registerDemoCard,
  registerDiner,
  signInDiner,
  signInStaff,
  staffLogin,
  startCheckout,
  unique,
} from './api';

// Issue 15 point 4: restaurant content a diner reads carries an English
// version (the owner's optional English fields) and falls back to Spanish.

test('a diner reading in English gets the offer, voucher, points and promotion in English; Spanish without a translation', async ({
  newContext,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const staff = await staffLogin(request, accounts.owner);
  await registerDemoCard(request, staff, 1);
  const english = await createOffer(
    request,
    staff,
    1,
    offerInput('EN', { titulo_en: 'Free dessert with any main course', descripcion_en: 'House dessert, every day' }),
  );
  const spanishOnly = await createOffer(request, staff, 1, offerInput('ES'));
  const popup = `Promo ${unique('')}`;
  await createPopup(request, staff, 1, popup, 'Welcome promotion');

  const diner = await registerDiner(request, { nombre: 'Ann English' });
  const context = await newContext({ baseURL });
  await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
  const session = await signInDiner(context, request, diner, baseURL!);
  // A paid voucher of the English offer: in Mis Compras and in the points history.
  await payDemoCheckout(request, await startCheckout(request, session, english.id));
  const page = await context.newPage();

  await page.goto('/usuario/ofertas?menu=1');
  await expect(page.getByTestId('coupon-card').filter({ has: page.getByRole('heading', { name: 'Free dessert with any main course' }) })).toBeVisible();
  await expect(page.getByText('House dessert, every day').first()).toBeVisible();
  // No English title: the Spanish one.
  await expect(page.getByRole('heading', { name: spanishOnly.titulo })).toBeVisible();
  await expect(page.getByRole('heading', { name: english.titulo })).toHaveCount(0);

  await page.goto('/usuario/mis-compras');
  await expect(page.getByRole('article', { name: 'Free dessert with any main course' })).toBeVisible();

  await page.goto('/usuario/mis-puntos');
  await expect(page.getByText('Purchase: Free dessert with any main course')).toBeVisible();
  await expect(page.getByText(/^Compra: /)).toHaveCount(0);

  // The promotion of the public menu, for an anonymous visitor reading in English.
  const visitor = await newContext({ baseURL });
  await visitor.addInitScript(() => window.localStorage.setItem('language', 'en'));
  const menu = await visitor.newPage();
  await menu.goto('/menu/1');
  await expect(menu.getByRole('dialog', { name: 'Welcome promotion' })).toBeVisible();
  await visitor.close();

  // Switched to Spanish, the same reads come back in Spanish.
  await page.evaluate(() => window.localStorage.setItem('language', 'es'));
  await context.addInitScript(() => window.localStorage.setItem('language', 'es'));
  await page.goto('/usuario/mis-puntos');
  await expect(page.getByText(`Compra: ${english.titulo}`)).toBeVisible();
  await page.goto('/usuario/ofertas?menu=1');
  await expect(page.getByRole('heading', { name: english.titulo })).toBeVisible();
  await context.close();
});

test('the owner enters the English title of an offer in the form', async ({ page, context, request, baseURL }) => {
  test.setTimeout(90_000);
  await registerDemoCard(request, await staffLogin(request, accounts.owner), 1);
  await signInStaff(context, request, accounts.owner, baseURL!);
  const input = offerInput('FORMEN');
  await page.goto('/crear-oferta?cliente_id=1');
  await expect(page.getByTestId('card-on-file')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Título', { exact: true }).fill(input.titulo);
  await page.getByLabel('Descripción', { exact: true }).fill(input.descripcion);
  await page.getByLabel('Título en inglés (opcional)').fill('Dessert on the house');
  await page.getByLabel('Descuento (%)').fill('20');
  await page.getByLabel('Precio (sin descuento)').fill('20.00');
  await page.getByLabel('Cantidad disponible').fill('5');
  await page.getByLabel('Código').fill(input.codigo);
  await page.getByLabel('Fecha de expiración').fill(input.fecha_expiracion);
  await page.getByLabel('Imagen de la oferta').setInputFiles({ name: 'o.png', mimeType: 'image/png', buffer: makePng(80, 60, [40, 120, 220]) });
  await page.getByRole('button', { name: 'Crear Oferta' }).click();
  await expect(page.getByText('✅ Oferta creada con éxito')).toBeVisible();

  const list = (await (await request.get('/api/cupones?cliente_id=1&idioma=en')).json()) as { codigo: string; titulo: string; descripcion: string }[];
  expect(list.find((c) => c.codigo === input.codigo)).toMatchObject({ titulo: 'Dessert on the house', descripcion: input.descripcion });
});
