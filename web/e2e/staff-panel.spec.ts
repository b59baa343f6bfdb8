import type { Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { createCategory, hasCard, offerOnSale, paidVoucher, placePaidOrder, registerDemoCard, signInStaff, staffLogin, unique } from './api';

// Issue 15 (points 5, 7, 8, 9): one staff layout on every staff page, the
// panel's summary, the tables' QR sheet, the settings preview, and no 4xx
// noise on 'Crear Oferta' and after deleting a category.

const SECTIONS = [
  ['Tablero de pedidos', '/pedidos'],
  ['Categorías', '/clover-categories'],
  ['Productos', '/clover-products'],
  ['Popups', '/popups'],
  ['Configuraciones', '/settings'],
  ['Ofertas', '/crear-oferta'],
  ['Clientes', '/customer'],
  ['Vinos', '/list'],
  ['Ajustes de pedidos', '/pedidos/ajustes'],
] as const;

// Many pages per test on a shared 2-core machine: more time than the default.
test.describe.configure({ timeout: 120_000 });

/** Failed API calls (4xx/5xx) the page makes from now on. */
function failedCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() >= 400) failed.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  return failed;
}

test('every staff page has the navigation and leads back to the panel', async ({ page, context, request, baseURL }) => {
  // With a card on file 'Crear Oferta' opens no dialog over the navigation.
  await registerDemoCard(request, await staffLogin(request, accounts.owner), 1);
  await signInStaff(context, request, accounts.owner, baseURL!);
  await page.goto('/dashboard/1');
  const nav = page.getByRole('navigation', { name: 'Secciones del panel' });
  await expect(page.getByTestId('staff-restaurant')).toHaveText('La Cava Demo');
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
  for (const [name, path] of SECTIONS) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace('/', '\\/')}\\?cliente_id=1$`));
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('staff-restaurant')).toHaveText('La Cava Demo');
    await nav.getByRole('link', { name: 'Panel', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/1$/);
    await expect(page.getByRole('heading', { name: 'Panel de Administración - Restaurante', level: 1 })).toBeVisible();
  }
});

test('the super admin sees which restaurant they view and returns to their dashboard', async ({ page, context, request, baseURL }) => {
  await signInStaff(context, request, accounts.superAdmin, baseURL!);
  await page.goto('/super-admin/dashboard/1');
  await expect(page.getByTestId('staff-restaurant')).toHaveText('Viendo: La Cava Demo');
  const nav = page.getByRole('navigation', { name: 'Secciones del panel' });
  await nav.getByRole('link', { name: 'Configuraciones' }).click();
  await expect(page).toHaveURL(/\/settings\?cliente_id=1$/);
  await expect(page.getByTestId('staff-restaurant')).toHaveText('Viendo: La Cava Demo');
  await nav.getByRole('link', { name: 'Panel', exact: true }).click();
  await expect(page).toHaveURL(/\/super-admin\/dashboard\/1$/);
  await page.getByRole('link', { name: 'Volver al dashboard' }).click();
  await expect(page).toHaveURL(/\/super-admin\/dashboard$/);
  // The super admin's own pages: the platform's sections and sign-out.
  const platform = page.getByRole('navigation', { name: 'Secciones del panel' });
  await platform.getByRole('link', { name: 'Inicio' }).click();
  await expect(page).toHaveURL(/\/super-admin$/);
  // The outbox speaks Spanish: kinds and states translated.
  const outbox = page.getByRole('region', { name: 'Mensajes (bandeja de salida)' });
  await expect(outbox).toBeVisible();
  await expect(outbox.getByRole('cell', { name: /^(welcome|receipt|pending|onboarding|pedido|refund|sent|failed)$/ })).toHaveCount(0);
});

test('the summary shows the orders and coupons placed, and the table QR sheet', async ({ page, context, request, baseURL, diner }) => {
  const staff = await staffLogin(request, accounts.owner);
  const resumen = async () =>
    (await (await request.get('/api/clientes/1/resumen', { headers: { Authorization: `Bearer ${staff.token}` } })).json()) as {
      hoy: { pedidos: number; ventas_pedidos: number };
      periodo: { cupones: number; ventas_cupones: number; ingresos: number };
      fees: { periodo: number };
    };
  const before = await resumen();
  const order = await placePaidOrder(request, 'Resumen Uno');
  const { offer } = await offerOnSale(request, accounts.owner, 1, unique('RES'));
  await paidVoucher(request, diner, offer.id);
  const after = await resumen();
  expect(after.hoy.pedidos).toBe(before.hoy.pedidos + 1);
  expect(after.hoy.ventas_pedidos).toBe(before.hoy.ventas_pedidos + order.total);
  expect(after.periodo.cupones).toBe(before.periodo.cupones + 1);
  expect(after.periodo.ventas_cupones).toBe(before.periodo.ventas_cupones + offer.precio_final);
  expect(after.periodo.ingresos).toBe(before.periodo.ingresos + order.total + offer.precio_final);
  expect(after.fees.periodo).toBe(before.fees.periodo + 500);

  await signInStaff(context, request, accounts.owner, baseURL!);
  await page.goto('/dashboard/1');
  // The app's money format (web/src/lib/money.ts: es-MX / en-US, narrow symbol), as the browser renders it.
  const formats = await page.evaluate((amounts) => {
    const f = (locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
    return amounts.map((c) => [f('es-MX').format(c / 100), f('en-US').format(c / 100)]);
  }, [after.hoy.ventas_pedidos, after.periodo.ingresos, after.fees.periodo]);
  const money = (cents: number, language: 'es' | 'en') => {
    const i = [after.hoy.ventas_pedidos, after.periodo.ingresos, after.fees.periodo].indexOf(cents);
    return formats[i][language === 'es' ? 0 : 1];
  };
  await expect(page.getByTestId('stat-orders-today')).toContainText(String(after.hoy.pedidos));
  await expect(page.getByTestId('stat-orders-today')).toContainText(money(after.hoy.ventas_pedidos, 'es'));
  await expect(page.getByTestId('stat-coupons')).toContainText(String(after.periodo.cupones));
  await expect(page.getByTestId('stat-revenue')).toContainText(money(after.periodo.ingresos, 'es'));
  await expect(page.getByTestId('stat-fees')).toContainText(money(after.fees.periodo, 'es'));
  await expect(page.getByTestId('revenue-chart')).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`panel-es-${width}.png`), fullPage: true });
  }

  // The table QR sheet: one code per table (the demo's twelve), each encoding the table's secret URL.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Hoja imprimible de mesas' }).click();
  await expect(page).toHaveURL(/\/mesas\/codigos\?cliente_id=1$/);
  const sheet = page.getByTestId('tables-sheet');
  await expect(sheet.getByRole('listitem')).toHaveCount(12);
  await expect(sheet.getByText('Mesa 7', { exact: true })).toBeVisible();
  const qr = sheet.getByRole('img', { name: 'Código QR de Mesa 7' });
  await expect(qr).toHaveAttribute('data-qr-text', /\/mesa\/1\/[A-Za-z0-9_-]{32}$/);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Secciones del panel' })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('tables-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // English.
  await page.goto('/dashboard/1');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: 'Panel sections' })).toBeVisible();
  await expect(page.getByTestId('stat-orders-today')).toContainText("Today's orders");
  await expect(page.getByTestId('stat-revenue')).toContainText(money(after.periodo.ingresos, 'en'));
  await page.screenshot({ path: test.info().outputPath('panel-en-1280.png'), fullPage: true });
});

test("no 4xx on 'Crear Oferta' without a card, nor after deleting a category", async ({ page, context, request, baseURL }) => {
  const failed = failedCalls(page);
  // A restaurant of its own, without a card whatever other tests registered.
  const admin = await signInStaff(context, request, accounts.superAdmin, baseURL!);
  const created = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { nombre: unique('Sin Tarjeta'), email: `${unique('sin-tarjeta').toLowerCase()}@example.com`, idioma: 'es' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect(await hasCard(request, admin, id)).toBe(false);
  await page.goto(`/crear-oferta?cliente_id=${id}`);
  await expect(page.getByRole('dialog', { name: 'Registrar tarjeta' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar' }).click();

  const staff = await staffLogin(request, accounts.owner2);
  const name = unique('Borrar');
  await createCategory(request, staff, 2, name);
  await page.goto('/clover-categories?cliente_id=2');
  const card = page.getByTestId('category-card').filter({ has: page.getByRole('heading', { name, level: 3 }) });
  await card.getByRole('button', { name: 'Eliminar Categoría' }).click();
  await card.getByRole('button', { name: 'Sí, eliminar' }).click();
  await expect(page.getByText('Categoría eliminada correctamente.')).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 3 })).toHaveCount(0);
  // Whatever refetches the deletion set off have settled.
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
});

test('settings: the preview beside the inputs at 1280 px, pinned above them at 390 px', async ({ page, context, request, baseURL }) => {
  await signInStaff(context, request, accounts.owner, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings?cliente_id=1');
  const preview = page.getByTestId('settings-preview');
  const cardColor = page.getByLabel('Color de la tarjeta');
  await expect(preview).toBeVisible();
  const p = (await preview.boundingBox())!;
  const input = (await cardColor.boundingBox())!;
  expect(p.x).toBeGreaterThan(input.x + input.width);
  expect(p.y).toBeLessThan(900);
  await page.screenshot({ path: test.info().outputPath('settings-1280.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  const logo = page.getByLabel('Logo', { exact: true });
  await logo.scrollIntoViewIfNeeded();
  await expect(preview).toBeInViewport();
  const logoBox = (await logo.boundingBox())!;
  const pinned = (await preview.boundingBox())!;
  expect(pinned.y + pinned.height).toBeLessThanOrEqual(logoBox.y + 1);
  await page.screenshot({ path: test.info().outputPath('settings-390.png') });
});
