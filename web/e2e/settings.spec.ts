import { accounts, expect, test } from './fixtures';
import { logIn, makePng } from './helpers';

test('the owner changes the card colour and logo, and the diner menu shows them', async ({ page, browser }) => {
  await logIn(page, accounts.owner2);
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

  await page.getByLabel('Logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: makePng(80, 80, [30, 90, 160]),
  });
  await expect(page.getByText('Logo actualizado correctamente.')).toBeVisible();
  const logoSrc = await page.getByTestId('preview-logo').getAttribute('src');
  expect(logoSrc).toMatch(/^\/media\//);

  // A diner (fresh context) sees the new look.
  const diner = await (await browser.newContext()).newPage();
  await diner.goto('/menu/2');
  const card = diner.locator('.menu-grid .menu-card').first();
  await expect(card).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await expect(card).toHaveCSS('border-radius', '14px');
  await expect(diner.getByTestId('menu-logo')).toHaveAttribute('src', logoSrc!);
  expect(await diner.getByTestId('menu-logo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await diner.context().close();

  // The saved values come back in the form.
  await page.reload();
  await expect(page.getByLabel('Color de la tarjeta')).toHaveValue('#123456');
  await expect(page.getByLabel('Tipo de fuente')).toHaveValue('Georgia');
});

test('the restaurant panel offers the printable menu QR code', async ({ page, baseURL }) => {
  await logIn(page, accounts.owner);
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
