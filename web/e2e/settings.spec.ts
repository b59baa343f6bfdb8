import { accounts, expect, test } from './fixtures';
import { makePng } from './helpers';
import { signInStaff } from './api';

// Restaurant 2's look (the owner's settings page), as the diner's menu shows it.

test('the owner changes the card colour, radius and font; the preview follows and the diner menu shows them', async ({
  page,
  context,
  request,
  baseURL,
  newContext,
}) => {
  await signInStaff(context, request, accounts.owner2, baseURL!);
  await page.goto('/settings?cliente_id=2');
  await expect(page.getByRole('heading', { name: 'Configuraciones' })).toBeVisible();

  // The preview follows the form before saving.
  await page.getByLabel('Color de la tarjeta').fill('#123456');
  await expect(page.getByTestId('preview-card')).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await page.getByLabel('Radio del borde (px)').fill('14');
  await expect(page.getByTestId('preview-card')).toHaveCSS('border-radius', '14px');
  await page.getByLabel('Tipo de fuente').selectOption('Georgia');
  await page.getByRole('button', { name: 'Guardar Configuración' }).click();
  await expect(page.getByText('Configuración guardada correctamente.')).toBeVisible();

  // The saved values come back in the form.
  await page.reload();
  await expect(page.getByLabel('Color de la tarjeta')).toHaveValue('#123456');
  await expect(page.getByLabel('Tipo de fuente')).toHaveValue('Georgia');

  // A diner (fresh context) sees the new look.
  const diner = await (await newContext()).newPage();
  await diner.goto('/menu/2');
  const card = diner.locator('.menu-grid .menu-card').first();
  await expect(card).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await expect(card).toHaveCSS('border-radius', '14px');
});

test('the owner uploads a logo and the diner menu shows it', async ({ page, context, request, baseURL, newContext }) => {
  await signInStaff(context, request, accounts.owner2, baseURL!);
  await page.goto('/settings?cliente_id=2');
  await page.getByLabel('Logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: makePng(80, 80, [30, 90, 160]),
  });
  await expect(page.getByText('Logo actualizado correctamente.')).toBeVisible();
  const logoSrc = await page.getByTestId('preview-logo').getAttribute('src');
  expect(logoSrc).toMatch(/^\/media\//);

  const diner = await (await newContext()).newPage();
  await diner.goto('/menu/2');
  const logo = diner.getByTestId('menu-logo');
  await expect(logo).toHaveAttribute('src', logoSrc!);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

test('the restaurant panel offers the printable menu QR code', async ({ page, context, request, baseURL }) => {
  await signInStaff(context, request, accounts.owner, baseURL!);
  await page.goto('/dashboard/1');
  const qr = page.getByRole('img', { name: 'Código QR del menú público' });
  await expect(qr).toHaveAttribute('src', '/api/clientes/1/qr?format=svg');
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('menu-url')).toHaveText(`${baseURL}/menu/1`);
  const png = page.getByRole('link', { name: 'Descargar PNG' });
  await expect(png).toHaveAttribute('download', /\.png$/);
  await expect(page.getByRole('link', { name: 'Descargar SVG' })).toHaveAttribute('download', /\.svg$/);
  const download = await Promise.all([page.waitForEvent('download'), png.click()]).then(([d]) => d);
  expect(download.suggestedFilename()).toMatch(/\.png$/);
});
