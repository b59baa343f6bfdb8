import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { logIn, makePng } from './helpers';

type Cupon = { id: number; codigo: string; titulo: string; cantidad_disponible: number; vendidos: number };

function isoDate(daysAhead: number): string {
  const d = new Date(Date.now() + daysAhead * 24 * 3600 * 1000);
  return d.toISOString().slice(0, 10);
}

/** The owner of restaurant 1 opens 'Crear Oferta', registering the demo card when asked. */
async function openCreateOffer(page: Page) {
  await logIn(page, accounts.owner);
  await page.goto('/crear-oferta?cliente_id=1');
  await expect(page.getByRole('heading', { name: 'Crear Oferta', level: 1 })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Registrar tarjeta' });
  const onFile = page.getByTestId('card-on-file');
  await expect(dialog.or(onFile)).toBeVisible();
  if (await dialog.isVisible()) {
    await expect(dialog.getByText(/Modo demostración — no se cobra nada; usa 4242 4242 4242 4242 \(aprueba\)/)).toBeVisible();
    await expect(page.getByLabel('Título')).toBeDisabled();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') sent.push(r.postData() ?? '');
    });
    await dialog.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Vencimiento (MM/AA)').fill('12/39');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Registrar tarjeta' }).click();
    await expect(dialog).toBeHidden();
    expect(sent.some((b) => b.includes('demo_tok_4242'))).toBe(true);
    expect(sent.some((b) => /4242 ?4242 ?4242 ?4242/.test(b))).toBe(false);
  }
  await expect(onFile).toHaveText(/Tarjeta \S+ •••• \d{4}/);
  await expect(page.getByLabel('Título')).toBeEnabled();
}

async function createOffer(page: Page, code: string, title: string) {
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Descripción').fill('Postre de la casa con cualquier plato fuerte');
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
  await expect(page.getByLabel('Título')).toHaveValue('');
  const item = page.getByTestId('owner-offer').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('owner-offer-stock')).toHaveText('5');
}

/** A fresh diner registered through the API, signed in in a new browser context. */
async function newDiner(browser: Browser, request: APIRequestContext, baseURL: string) {
  const email = `diner${Date.now()}${Math.floor(Math.random() * 1000)}@e2e.test`;
  const res = await request.post('/api/usuarios/registro', {
    data: { nombre: 'Diana Comensal', email, telefono: '5550000000', password: 'e2e-Diner-pass-123', cliente_id: 1 },
  });
  expect(res.ok()).toBe(true);
  const { token, usuario_id } = (await res.json()) as { token: string; usuario_id: number };
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(
    ([t, u]) => {
      window.localStorage.setItem('auth_token', t);
      window.localStorage.setItem('usuario_id', u);
    },
    [token, String(usuario_id)],
  );
  return { context, page: await context.newPage(), token, usuarioId: usuario_id };
}

async function publicOffer(request: APIRequestContext, code: string): Promise<Cupon | undefined> {
  const res = await request.get('/api/cupones?cliente_id=1');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Cupon[]).find((c) => c.codigo === code);
}

async function startPurchase(diner: Page, title: string) {
  await diner.goto('/usuario/ofertas?menu=1');
  const card = diner.getByTestId('coupon-card').filter({ has: diner.getByRole('heading', { name: title }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Descuento: 20%')).toBeVisible();
  await expect(card.getByTestId('coupon-countdown')).toHaveText(/^Expira en: \d+ días?, \d+ horas?$/);
  await card.getByRole('button', { name: 'Comprar' }).click();
  const modal = diner.getByRole('dialog', { name: 'Confirmar Compra' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Incluye un fee de servicio de $5.00')).toBeVisible();
  await expect(modal.getByTestId('purchase-total')).toHaveText('$21.00');
  await modal.getByRole('button', { name: 'Ir a Clover' }).click();
  await expect(diner).toHaveURL(/\/demo\/checkout\/demo_cs_/);
  await expect(diner.getByRole('heading', { name: 'Pago de demostración' })).toBeVisible();
  await expect(diner.getByText(title)).toBeVisible();
}

test('owner creates an offer; a diner buys it through the demo checkout; the owner redeems the voucher', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const code = `E2E${Date.now()}`;
  const title = `Oferta ${code}`;
  await openCreateOffer(page);
  await createOffer(page, code, title);

  const diner = await newDiner(browser, request, baseURL!);
  await startPurchase(diner.page, title);
  await diner.page.getByRole('button', { name: 'Pagar' }).click();
  await expect(diner.page.getByText('Pago procesado correctamente. Revisa tu correo.')).toBeVisible();
  await expect(diner.page.getByRole('link', { name: 'Ver Mis Compras' })).toHaveAttribute('href', '/usuario/mis-compras?pago=ok');

  // The voucher code, as the diner's purchases list shows it.
  const compras = await request.get(`/api/usuarios/${diner.usuarioId}/compras`, {
    headers: { Authorization: `Bearer ${diner.token}` },
  });
  expect(compras.ok()).toBe(true);
  const paid = ((await compras.json()) as Array<{ descripcion: string; estado: string; codigo_voucher: string | null }>).find(
    (c) => c.estado === 'pagado' && c.codigo_voucher,
  );
  expect(paid).toBeTruthy();
  // Mis Compras (the account pages) shows the same code.
  await diner.page.getByRole('link', { name: 'Ver Mis Compras' }).click();
  await expect(diner.page).toHaveURL(/\/usuario\/mis-compras\?pago=ok$/);
  await expect(diner.page.getByText(paid!.codigo_voucher!, { exact: true })).toBeVisible();
  await diner.context.close();

  // The owner redeems it in the panel, once.
  await page.goto('/dashboard/1');
  await expect(page.getByRole('heading', { name: 'Canjear cupón' })).toBeVisible();
  await page.getByLabel('Código del cupón').fill(paid!.codigo_voucher!);
  await page.getByRole('button', { name: 'Canjear' }).click();
  await expect(page.getByText('Cupón canjeado correctamente.')).toBeVisible();
  await page.getByLabel('Código del cupón').fill(paid!.codigo_voucher!);
  await page.getByRole('button', { name: 'Canjear' }).click();
  await expect(page.getByText('Este cupón ya fue canjeado.')).toBeVisible();

  // The platform fee of that sale is listed.
  await expect(page.getByRole('heading', { name: 'Comisiones de la plataforma' })).toBeVisible();
  await expect(page.getByTestId('fee-totals')).toBeVisible();
});

test('a declined demo payment leaves the offer stock unchanged', async ({ page, browser, request, baseURL }) => {
  const code = `E2E${Date.now()}D`;
  const title = `Oferta ${code}`;
  await openCreateOffer(page);
  await createOffer(page, code, title);
  const before = await publicOffer(request, code);
  expect(before?.cantidad_disponible).toBe(5);

  const diner = await newDiner(browser, request, baseURL!);
  await startPurchase(diner.page, title);
  await diner.page.getByRole('button', { name: 'Rechazar' }).click();
  await expect(diner.page.getByText('Pago rechazado. No se hizo ningún cargo.')).toBeVisible();
  await expect(diner.page.getByRole('link', { name: 'Volver a las ofertas' })).toHaveAttribute('href', '/usuario/1/ofertas');
  await diner.page.getByRole('link', { name: 'Volver a las ofertas' }).click();
  await expect(diner.page.getByRole('heading', { name: title })).toBeVisible();
  await diner.context.close();

  const after = await publicOffer(request, code);
  expect(after?.cantidad_disponible).toBe(before!.cantidad_disponible);
});

test('a visitor who is not signed in is sent to sign in before buying', async ({ page }) => {
  await page.goto('/usuario/ofertas?menu=1');
  await expect(page.getByRole('heading', { name: 'Ofertas y Cupones' })).toBeVisible();
  const card = page.getByTestId('coupon-card').first();
  const empty = page.getByText('No hay ofertas disponibles por ahora.');
  await expect(card.or(empty)).toBeVisible();
  if (await empty.isVisible()) return;
  await card.getByRole('button', { name: 'Comprar' }).click();
  await expect(card.getByRole('link', { name: 'Iniciar sesión o registrarse' })).toHaveAttribute('href', '/restaurante/1');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
