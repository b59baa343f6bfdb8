import type { Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { signInStaff } from './api';
import { closePromotion } from './helpers';

// Allergens and dietary tags: the owner sets them on the products page, the
// diner reads them (words beside their pictograms) on the menu, on 'Ordena
// en Línea' and in a product's detail, and filters by them, in Spanish and
// English. Then the products page as compact rows on a phone (pictograms with
// text alternatives), with bulk show/hide.

const SHOTS = process.env.CARTA_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

async function openColdTapas(page: Page) {
  await page.goto('/menu/1');
  await closePromotion(page);
  await page.getByRole('link', { name: /^(Entradas|Starters)$/ }).click();
  await page.getByRole('link', { name: /^(Tapas Frías|Cold Tapas)$/ }).click();
}

test('the owner sets allergens; the diner sees them and filters the menu and online ordering', async ({ page, context, request, baseURL }) => {
  test.slow(); // two pages, two languages, two screens
  await signInStaff(context, request, accounts.owner, baseURL!);
  await page.goto('/clover-products?cliente_id=1');
  await page.getByLabel('Buscar productos').fill('boquerones');
  const row = page.getByRole('article', { name: 'Boquerones en Vinagre', exact: true });
  await expect(row.getByRole('img', { name: 'Contiene: Pescado' })).toBeVisible();
  await row.getByRole('button', { name: 'Editar Boquerones en Vinagre' }).click();
  const editor = row.getByTestId('dietary-editor');
  await expect(editor.getByRole('checkbox', { name: 'Pescado' })).toBeChecked();
  await editor.getByRole('checkbox', { name: 'Mostaza' }).check();
  await editor.getByRole('button', { name: 'Guardar alérgenos' }).click();
  await expect(editor.getByText('Alérgenos guardados.')).toBeVisible();
  await expect(row.getByRole('img', { name: 'Contiene: Mostaza' })).toBeVisible();
  // A contradiction is refused with the server's message.
  await editor.getByRole('checkbox', { name: 'Vegano' }).check();
  await editor.getByRole('button', { name: 'Guardar alérgenos' }).click();
  await expect(editor.getByRole('alert')).toHaveText('Un producto con alérgenos de origen animal no puede ser vegano.');
  await shot(page, 'owner-editor');

  // The diner's menu (a fresh visitor).
  const diner = await context.browser()!.newPage();
  await openColdTapas(diner);
  const boquerones = diner.getByRole('article').filter({ has: diner.getByRole('heading', { name: 'Boquerones en Vinagre' }) });
  await expect(boquerones.getByRole('list', { name: 'Contiene:' }).getByRole('listitem').filter({ hasText: 'Mostaza' })).toBeVisible();
  await expect(boquerones.getByRole('list', { name: 'Información dietética' })).toContainText('Sin gluten');
  const filter = diner.getByRole('group', { name: 'Filtrar:' });
  await filter.getByRole('button', { name: 'Vegano' }).click();
  await expect(filter.getByRole('button', { name: 'Vegano' })).toHaveAttribute('aria-pressed', 'true');
  await expect(diner).toHaveURL(/dieta=vegano/);
  await expect(diner.getByRole('heading', { name: 'Gazpacho Andaluz' })).toBeVisible();
  await expect(diner.getByRole('heading', { name: 'Boquerones en Vinagre' })).toHaveCount(0);
  await expect(diner.getByRole('heading', { name: 'Jamón Ibérico' })).toHaveCount(0);
  await filter.getByRole('button', { name: 'Vegano' }).click();
  await filter.getByRole('button', { name: 'Sin gluten' }).click();
  await expect(diner.getByRole('heading', { name: 'Boquerones en Vinagre' })).toBeVisible();
  await expect(diner.getByRole('heading', { name: 'Jamón Ibérico' })).toHaveCount(0);
  await diner.setViewportSize({ width: 390, height: 844 });
  await shot(diner, 'menu-390-es');
  await diner.setViewportSize({ width: 1280, height: 800 });
  await shot(diner, 'menu-1280-es');

  // English: the same filter and icons, translated.
  await diner.getByRole('button', { name: 'English' }).click();
  const filterEn = diner.getByRole('group', { name: 'Filter:' });
  await expect(filterEn.getByRole('button', { name: 'Gluten-free' })).toHaveAttribute('aria-pressed', 'true');
  await filterEn.getByRole('button', { name: 'Lactose-free' }).click();
  const anchovies = diner.getByRole('article').filter({ has: diner.getByRole('heading', { name: 'Marinated Anchovies' }) });
  await expect(anchovies.getByRole('list', { name: 'Contains:' }).getByRole('listitem').filter({ hasText: 'Mustard' })).toBeVisible();
  await expect(anchovies.getByRole('list', { name: 'Dietary information' })).toContainText('Gluten-free');

  // Online ordering: the same filter on the cold tapas.
  await diner.goto('/ordenar-en-linea/1');
  await diner.getByRole('tab', { name: 'Cold Tapas' }).click();
  const panel = diner.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Marinated Anchovies' })).toBeVisible();
  await diner.getByRole('group', { name: 'Filter:' }).getByRole('button', { name: 'Vegan' }).click();
  await expect(panel.getByRole('heading', { name: 'Andalusian Gazpacho' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Marinated Anchovies' })).toHaveCount(0);
  await expect(panel.getByRole('list', { name: 'Dietary information' }).first()).toContainText('Vegan');
  await diner.getByRole('button', { name: 'Español' }).click();
  const filtro = diner.getByRole('group', { name: 'Filtrar:' });
  await expect(filtro.getByRole('button', { name: 'Vegano' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('heading', { name: 'Gazpacho Andaluz' })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Contiene:' }).first()).toContainText('Dióxido de azufre y sulfitos');
  await diner.setViewportSize({ width: 390, height: 844 });
  await shot(diner, 'ordering-390-es');
  await diner.setViewportSize({ width: 1280, height: 800 });
  await shot(diner, 'ordering-1280-es');
  await diner.close();
});

test('product management on a phone: compact rows by category, sticky bar, bulk hide and show', async ({ page, context, request, baseURL }) => {
  test.slow(); // forty rows on a phone
  await page.setViewportSize({ width: 390, height: 844 });
  await signInStaff(context, request, accounts.owner, baseURL!);
  await page.goto('/clover-products?cliente_id=1');
  await expect(page.getByTestId('product-row')).toHaveCount(40);
  // 40 products, 8 categories: a few screens, not 25,000 px.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(6000);
  await shot(page, 'products-390');

  const group = page.getByRole('checkbox', { name: 'Seleccionar todos los de Vinos por Copa' });
  await group.scrollIntoViewIfNeeded();
  await group.check();
  // The bar stays on screen while the list scrolls.
  const bar = page.getByTestId('products-toolbar');
  const box = await bar.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(-1);
  expect(box!.y).toBeLessThan(10);
  const bulk = page.getByRole('group', { name: 'Acciones con los seleccionados' });
  await expect(bulk.getByText('5 seleccionados')).toBeVisible();
  await shot(page, 'products-390-selected');
  const [put] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/clover/products/visibility')),
    bulk.getByRole('button', { name: 'Ocultar' }).click(),
  ]);
  expect(put.postDataJSON().ids).toHaveLength(5);
  await expect(page.getByText('5 productos ocultos.')).toBeVisible();
  const wines = await request.get('/api/productos?cliente_id=1&category_id=C1VINO');
  expect((await wines.json()).productos).toHaveLength(0);

  // A row opens its editor in place; the category filter narrows the list.
  await page.getByLabel('Categoría').selectOption({ label: 'Vinos por Copa' });
  await expect(page.getByTestId('product-row')).toHaveCount(5);
  await page.getByRole('checkbox', { name: 'Seleccionar todos los de Vinos por Copa' }).check();
  await bulk.getByRole('button', { name: 'Mostrar' }).click();
  await expect(page.getByText('5 productos visibles en el menú.')).toBeVisible();
  await page.getByRole('button', { name: 'Editar Albariño' }).click();
  await expect(page.getByTestId('dietary-editor')).toBeVisible();
  await shot(page, 'products-390-open');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'products-1280-open');
});

for (const lang of ['es', 'en'] as const) {
  test(`a diner on a phone reads the allergens' names on the menu, on 'Ordena en Línea' and in a product's detail (${lang})`, async ({ page }) => {
    const tx = {
      es: { contains: 'Contiene:', fish: 'Pescado', sulphites: 'Dióxido de azufre y sulfitos', tags: 'Información dietética', glutenFree: 'Sin gluten', tab: 'Tapas Frías', name: 'Boquerones en Vinagre', customize: 'Personalizar: Boquerones en Vinagre' },
      en: { contains: 'Contains:', fish: 'Fish', sulphites: 'Sulphur dioxide and sulphites', tags: 'Dietary information', glutenFree: 'Gluten-free', tab: 'Cold Tapas', name: 'Marinated Anchovies', customize: 'Customize: Marinated Anchovies' },
    }[lang];
    await page.setViewportSize({ width: 390, height: 844 });
    if (lang === 'en') await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
    /** The allergens of a product as the diner reads them: visible words, inside the phone's width. */
    async function readsAllergens(scope: ReturnType<Page['getByRole']>) {
      const allergens = scope.getByRole('list', { name: tx.contains });
      await expect(scope.getByText(tx.contains, { exact: true })).toBeVisible();
      for (const word of [tx.fish, tx.sulphites]) {
        const item = allergens.getByRole('listitem').filter({ hasText: word });
        await expect(item).toBeVisible();
        await expect(item).toHaveText(word);
        const box = (await item.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      await expect(scope.getByRole('list', { name: tx.tags })).toContainText(tx.glutenFree);
    }

    // The menu.
    await page.goto('/menu/1');
    await closePromotion(page);
    await page.getByRole('link', { name: lang === 'es' ? 'Entradas' : 'Starters' }).click();
    await page.getByRole('link', { name: tx.tab }).click();
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: tx.name }) });
    await card.scrollIntoViewIfNeeded();
    await readsAllergens(card);
    await shot(page, `allergens-menu-390-${lang}`);

    // 'Ordena en Línea': the card, then the product's detail.
    await page.goto('/ordenar-en-linea/1');
    await page.getByRole('tab', { name: tx.tab }).click();
    const product = page.getByRole('tabpanel').getByRole('article', { name: tx.name });
    await product.scrollIntoViewIfNeeded();
    await readsAllergens(product);
    await shot(page, `allergens-ordering-390-${lang}`);
    await product.getByRole('button', { name: tx.customize }).click();
    const detail = page.getByRole('dialog');
    await expect(detail).toBeVisible();
    await readsAllergens(detail);
    await shot(page, `allergens-detail-390-${lang}`);
  });
}
