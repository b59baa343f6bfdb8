import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { closePromotion, makePng } from './helpers';
import {
  assignSubcategories,
  createCategory,
  menuProducts,
  posCategories,
  setProductVisible,
  signInStaff,
  staffLogin,
  subcategoryNames,
  syncCatalog,
  unique,
  uploadCategoryImage,
  uploadProductImage,
} from './api';

// Every mutation here is on restaurant 2 (owner2), whose demo data the other
// spec files only read for settings and popups. The owner is signed in
// through the API (the login form is tested in auth.spec.ts); each test goes
// through the admin page it is about, and the diner's menu when the change
// is meant for diners.

/** A diner in a fresh browser context on restaurant 2's menu, promotion closed. */
async function openDinerMenu(newContext: () => Promise<BrowserContext>): Promise<Page> {
  const diner = await (await newContext()).newPage();
  await diner.goto('/menu/2');
  await closePromotion(diner);
  await expect(diner.getByRole('heading', { name: 'Categorías Principales' })).toBeVisible();
  return diner;
}

/** Opens main category → subcategory in the diner menu. */
async function openProducts(diner: Page, category: string, subcategory: string) {
  await diner.getByRole('link', { name: category, exact: true }).click();
  await expect(diner.getByRole('heading', { name: `Subcategorías de ${category}` })).toBeVisible();
  await diner.getByRole('link', { name: subcategory, exact: true }).click();
  await expect(diner.getByRole('heading', { name: 'Productos' })).toBeVisible();
}

function dinerProductImage(diner: Page, name: string) {
  return diner
    .locator('article.menu-product')
    .filter({ has: diner.getByRole('heading', { name, exact: true }) })
    .locator('img');
}

/** The owner's card of a main category on the categories page. */
function categoryCard(page: Page, name: string) {
  return page.getByTestId('category-card').filter({ has: page.getByRole('heading', { name, exact: true, level: 3 }) });
}

test('the owner syncs the catalogue and creates a category with its English name', async ({ page, context, request, baseURL }) => {
  const name = `Especiales ${unique('')}`;
  await signInStaff(context, request, accounts.owner2, baseURL!);
  await page.goto('/clover-categories?cliente_id=2');
  await expect(page.getByRole('heading', { name: 'Gestión de Categorías', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Sincronizar con Clover' }).click();
  await expect(page.getByText('Sincronización completada exitosamente.')).toBeVisible();

  // The create form refuses an empty name without calling the server.
  await page.getByRole('button', { name: 'Crear Categoría' }).click();
  await expect(page.getByText('El nombre de la categoría es obligatorio.')).toBeVisible();

  await page.getByLabel('Nombre de la categoría').fill(name);
  await page.getByLabel('Nombre en inglés (opcional)').fill('Specials');
  await page.getByRole('button', { name: 'Crear Categoría' }).click();
  await expect(page.getByText('Categoría creada exitosamente.')).toBeVisible();
  const card = categoryCard(page, name);
  await expect(card).toHaveCount(1);
  await expect(card.getByLabel(`Nombre en inglés de ${name}`)).toHaveValue('Specials');
});

test('the owner uploads a category image', async ({ page, context, request, baseURL }) => {
  const staff = await signInStaff(context, request, accounts.owner2, baseURL!);
  const { name } = await createCategory(request, staff, 2, `Temporada ${unique('')}`);
  await page.goto('/clover-categories?cliente_id=2');
  const card = categoryCard(page, name);

  await card.getByRole('button', { name: 'Subir Imagen' }).click();
  await expect(card.getByText('Selecciona una imagen.')).toBeVisible();
  await card.getByLabel(`Imagen de ${name}`).setInputFiles({
    name: 'especiales.png',
    mimeType: 'image/png',
    buffer: makePng(120, 90, [200, 120, 20]),
  });
  await card.getByRole('button', { name: 'Subir Imagen' }).click();
  await expect(card.getByText('Imagen subida exitosamente.')).toBeVisible();
  const categoryImage = card.getByRole('img', { name });
  await expect(categoryImage).toHaveAttribute('src', /^\/media\//);
  await expect.poll(() => categoryImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

test('the owner assigns POS categories to a category as ordered subcategories', async ({ page, context, request, baseURL }) => {
  const staff = await signInStaff(context, request, accounts.owner2, baseURL!);
  await syncCatalog(request, staff, 2);
  const category = await createCategory(request, staff, 2, `Favoritos ${unique('')}`);
  await page.goto('/clover-categories?cliente_id=2');
  const card = categoryCard(page, category.name);

  // Two POS categories: the second one first.
  await card.getByRole('button', { name: 'Asignar Subcategorías' }).click();
  const dialog = page.getByRole('dialog', { name: 'Asignar Subcategorías' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Categoría principal')).toHaveValue(/\d+/);
  await expect(dialog.getByRole('checkbox').first()).toBeVisible();
  const [first, second] = (await dialog.locator('.admin-picks label').allTextContents()).map((s) => s.trim());
  expect(first).toBeTruthy();
  expect(second).toBeTruthy();
  await dialog.getByRole('button', { name: 'Asignar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Selecciona una categoría principal y al menos una categoría de Clover.');
  await dialog.getByLabel(first, { exact: true }).check();
  await dialog.getByLabel(second, { exact: true }).check();
  await dialog.getByLabel(`Posición de ${second}`).fill('1');
  await dialog.getByLabel(`Posición de ${first}`).fill('0');
  await dialog.getByLabel(`Posición de ${first}`).blur();
  await expect(dialog.getByLabel(`Posición de ${first}`)).toHaveValue('1');
  await dialog.getByLabel(`Posición de ${first}`).fill('2');
  await dialog.getByRole('button', { name: 'Asignar' }).click();
  await expect(page.getByText('Subcategorías asignadas exitosamente.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.locator('.admin-sublist__name')).toHaveText([second, first]);
  // The order the diner's menu loads.
  expect(await subcategoryNames(request, 2, category.id)).toEqual([second, first]);
});

test('the diner menu shows a new category with its image and its subcategories in order', async ({ request, newContext }) => {
  const staff = await staffLogin(request, accounts.owner2);
  await syncCatalog(request, staff, 2);
  const category = await createCategory(request, staff, 2, `Novedades ${unique('')}`);
  const image = await uploadCategoryImage(request, staff, 2, category.id);
  const [a, b] = await posCategories(request, staff, 2);
  await assignSubcategories(request, staff, 2, category.id, { [b.clover_category_id]: 1, [a.clover_category_id]: 2 });

  const diner = await openDinerMenu(newContext);
  const link = diner.getByRole('link', { name: category.name, exact: true });
  await expect(link.locator('img')).toHaveAttribute('src', image);
  await link.click();
  await expect(diner.getByRole('heading', { name: `Subcategorías de ${category.name}` })).toBeVisible();
  await expect(diner.locator('.menu-grid .menu-card__name')).toHaveText([b.subcategoria_nombre, a.subcategoria_nombre]);
});

/** The products restaurant 2's diners see under Tacos → Tacos al Pastor (public API). */
async function pastorProducts(request: APIRequestContext) {
  return menuProducts(request, 2, 'Tacos', 'Tacos al Pastor');
}

test('the owner hides a product; it stays hidden after a reload and leaves the diner menu', async ({ page, context, request, baseURL }) => {
  expect((await pastorProducts(request)).map((p) => p.name)).toContain('Gringa');
  await signInStaff(context, request, accounts.owner2, baseURL!);
  await page.goto('/clover-products?cliente_id=2');
  await expect(page.getByRole('heading', { name: 'Gestión de Productos', level: 1 })).toBeVisible();
  await page.getByLabel('Buscar productos').fill('gringa');
  const card = page.getByRole('article', { name: 'Gringa', exact: true });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('product-row')).toHaveCount(1);
  await expect(card.getByTestId('visibility-badge')).toHaveText('Visible');
  await card.getByRole('button', { name: 'Editar Gringa' }).click();
  await card.getByRole('button', { name: 'Ocultar' }).click();
  await expect(card.getByRole('button', { name: 'Mostrar' })).toBeVisible();
  await expect(card.getByTestId('visibility-badge')).toHaveText('Oculto');

  // Still listed for the owner after a reload, hidden.
  await page.reload();
  await page.getByLabel('Buscar productos').fill('gringa');
  await expect(page.getByRole('article', { name: 'Gringa', exact: true }).getByTestId('visibility-badge')).toHaveText('Oculto');
  // Gone from what the diner's menu loads (the menu page itself: next test).
  expect((await pastorProducts(request)).map((p) => p.name)).not.toContain('Gringa');
});

test('the diner menu leaves out a hidden product', async ({ request, newContext }) => {
  const volcan = (await pastorProducts(request)).find((p) => p.name === 'Volcán de Pastor');
  expect(volcan).toBeTruthy();
  await setProductVisible(request, await staffLogin(request, accounts.owner2), 2, volcan!.id, false);

  const diner = await openDinerMenu(newContext);
  await openProducts(diner, 'Tacos', 'Tacos al Pastor');
  await expect(diner.getByRole('heading', { name: 'Taco al Pastor', exact: true })).toBeVisible();
  await expect(diner.getByRole('heading', { name: 'Volcán de Pastor', exact: true })).toHaveCount(0);
});

test('the owner crops a product image and the JPEG of the crop replaces it', async ({ page, context, request, baseURL }) => {
  const pastor = async () => (await pastorProducts(request)).find((p) => p.name === 'Taco al Pastor');
  const before = (await pastor())?.image_path;
  expect(before).toMatch(/^\/media\//);

  // Record what the page uploads (Chromium does not expose multipart blobs to Playwright).
  await page.addInitScript(() => {
    const uploads: { type: string; size: number; head: number[] }[] = [];
    (window as unknown as { __uploads: typeof uploads }).__uploads = uploads;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const image = init?.body instanceof FormData ? init.body.get('image') : null;
      if (image instanceof Blob) {
        const head = Array.from(new Uint8Array(await image.slice(0, 3).arrayBuffer()));
        uploads.push({ type: image.type, size: image.size, head });
      }
      return original(input, init);
    };
  });
  await signInStaff(context, request, accounts.owner2, baseURL!);
  await page.goto('/clover-products?cliente_id=2');
  await page.getByLabel('Buscar productos').fill('Al Pastor Taco'); // the English name finds it too
  const card = page.getByRole('article', { name: 'Taco al Pastor', exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: 'Taco al Pastor' })).toHaveAttribute('src', before!);
  await card.getByRole('button', { name: 'Editar Taco al Pastor' }).click();

  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    card.getByRole('button', { name: 'Cambiar imagen' }).click(),
  ]);
  await chooser.setFiles({ name: 'pastor.png', mimeType: 'image/png', buffer: makePng(300, 200, [220, 40, 40]) });

  const dialog = page.getByRole('dialog', { name: 'Ajustar Imagen' });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Guardar Recorte' });
  await expect(save).toBeEnabled();
  const zoom = dialog.getByLabel('Zoom');
  await expect(zoom).toHaveAttribute('min', '1');
  await expect(zoom).toHaveAttribute('max', '3');
  await zoom.fill('2');
  await expect(dialog.getByTestId('crop-zoom-value')).toHaveText('2.00×');
  // Drag to pan.
  const area = dialog.getByTestId('crop-area');
  const box = (await area.boundingBox())!;
  const img = dialog.getByTestId('crop-image');
  const leftBefore = await img.evaluate((el: HTMLImageElement) => el.style.left);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 10, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.style.left)).not.toBe(leftBefore);

  await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && /\/api\/clover\/products\/\d+\/image$/.test(r.url())),
    save.click(),
  ]);
  const uploads = await page.evaluate(() => (window as unknown as { __uploads: { type: string; size: number; head: number[] }[] }).__uploads);
  expect(uploads).toHaveLength(1);
  expect(uploads[0].type).toBe('image/jpeg');
  expect(uploads[0].head).toEqual([0xff, 0xd8, 0xff]); // JPEG signature
  await expect(card.getByText('Imagen subida correctamente.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const adminImage = card.getByRole('img', { name: 'Taco al Pastor' });
  await expect(adminImage).toHaveAttribute('src', /^\/media\//);
  const after = await adminImage.getAttribute('src');
  expect(after).not.toBe(before);

  // What the diner's menu loads.
  expect((await pastor())?.image_path).toBe(after);
});

test("the diner menu shows a product's new image", async ({ request, newContext }) => {
  const orden = (await pastorProducts(request)).find((p) => p.name === 'Orden de Pastor');
  expect(orden).toBeTruthy();
  const url = await uploadProductImage(request, await staffLogin(request, accounts.owner2), 2, orden!.id);
  expect(url).not.toBe(orden!.image_path);

  const diner = await openDinerMenu(newContext);
  await openProducts(diner, 'Tacos', 'Tacos al Pastor');
  const image = dinerProductImage(diner, 'Orden de Pastor');
  await expect(image).toHaveAttribute('src', url);
  await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
});

test('the category and product pages need a restaurant', async ({ page, context, request, baseURL }) => {
  await signInStaff(context, request, accounts.owner2, baseURL!);
  await page.goto('/dashboard/2');
  await page.getByRole('link', { name: 'Productos', exact: true }).click();
  await expect(page).toHaveURL(/\/clover-products\?cliente_id=2$/);
  await expect(page.getByRole('heading', { name: 'Gestión de Productos', level: 1 })).toBeVisible();
  await page.goto('/clover-categories?cliente_id=abc');
  await expect(page.getByRole('alert')).toHaveText('Error: cliente_id no está disponible.');
});
