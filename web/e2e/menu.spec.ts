import { expect, test } from './fixtures';
import { closePromotion } from './helpers';

test('a diner walks categories → subcategories → products and back with the browser', async ({ page }) => {
  await page.goto('/menu/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Menú Digital' })).toBeVisible();
  await closePromotion(page);
  await expect(page.getByRole('heading', { name: 'Categorías Principales' })).toBeVisible();
  const cards = page.locator('.menu-grid .menu-card__name');
  await expect(cards).toHaveText(['Entradas', 'Platos Fuertes', 'Postres', 'Bebidas']);

  await page.getByRole('link', { name: 'Entradas' }).click();
  await expect(page).toHaveURL(/\/menu\/1\?categoria=\d+$/);
  await expect(page.getByRole('heading', { name: 'Subcategorías de Entradas' })).toBeVisible();
  await expect(cards).toHaveText(['Tapas Frías', 'Tapas Calientes']);

  await page.getByRole('link', { name: 'Tapas Frías' }).click();
  await expect(page).toHaveURL(/categoria=\d+&sub=/);
  await expect(page.getByRole('heading', { name: 'Productos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Jamón Ibérico' })).toBeVisible();
  await expect(page.getByText('Tabla de Quesos Especial')).toHaveCount(0);
  await expect(page.locator('.menu-product__price').first()).toHaveText(/\$\d+\.\d{2}/);

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Subcategorías de Entradas' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Categorías Principales' })).toBeVisible();
  await expect(page).toHaveURL(/\/menu\/1$/);
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Subcategorías de Entradas' })).toBeVisible();

  // The in-page buttons move between the views too.
  await page.getByRole('link', { name: 'Tapas Frías' }).click();
  await page.getByRole('link', { name: 'Volver', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Subcategorías de Entradas' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver a Categorías' }).click();
  await expect(page.getByRole('heading', { name: 'Categorías Principales' })).toBeVisible();
});

test('the menu follows the language switch', async ({ page }) => {
  await page.goto('/menu/1');
  await closePromotion(page);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Digital Menu' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Main Categories' })).toBeVisible();
  await page.getByRole('link', { name: 'Starters' }).click();
  await expect(page.getByRole('heading', { name: 'Starters Subcategories' })).toBeVisible();
  await expect(page.locator('.menu-grid .menu-card__name')).toHaveText(['Cold Tapas', 'Hot Tapas']);
  await page.getByRole('link', { name: 'Cold Tapas' }).click();
  await expect(page.getByRole('heading', { name: 'Iberian Ham' })).toBeVisible();
  await expect(page.getByText('Tabla de Quesos Especial')).toHaveCount(0);
  // A reload keeps the language and the view.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Iberian Ham' })).toBeVisible();
});

test('the restaurante routes show the same menu', async ({ page }) => {
  for (const path of ['/restaurante/1', '/restaurante/1/menu', '/clientes/menu/1']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Menú Digital' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Entradas' })).toBeAttached();
  }
});

test('images have explicit sizes and load lazily below the first row', async ({ page }) => {
  await page.goto('/menu/1');
  await closePromotion(page);
  const images = page.locator('.menu-grid img');
  await expect(images).toHaveCount(4);
  for (const img of await images.all()) {
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
  }
  // The first row decodes with the frame that shows it (the largest paint), the rest off the main thread.
  await expect(images.nth(0)).toHaveAttribute('loading', 'eager');
  await expect(images.nth(0)).toHaveAttribute('decoding', 'auto');
  await expect(images.nth(3)).toHaveAttribute('loading', 'lazy');
  await expect(images.nth(3)).toHaveAttribute('decoding', 'async');
});

test('an unknown restaurant shows the neutral page, a missing id the error', async ({ page }) => {
  await page.goto('/menu/9999');
  await expect(page.getByText('Este menú no está disponible en este momento.')).toBeVisible();
  await page.goto('/restaurante/x');
  await expect(page.getByText('Error: cliente_id no está disponible.')).toBeVisible();
});

test('the menu fits a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/menu/1');
  await closePromotion(page);
  await page.getByRole('link', { name: 'Entradas' }).click();
  await page.getByRole('link', { name: 'Tapas Frías' }).click();
  await expect(page.getByRole('heading', { name: 'Jamón Ibérico' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
