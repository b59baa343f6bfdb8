import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { setProductVisible, signInStaff, staffLogin } from './api';

// The audit log (issue 30): the owner hides a product on 'Productos', opens
// 'Actividad' from the staff navigation and finds the action there — who,
// what, on which product, from which address — in Spanish and in English;
// the page has no serious axe violation and reads as a stacked list at
// 390 px. The super admin's platform page lists it with the restaurant.

const TEXTS = {
  es: {
    nav: 'Secciones del panel',
    products: 'Buscar productos',
    edit: 'Editar',
    hide: 'Ocultar',
    link: 'Actividad',
    action: 'Cambió la visibilidad de productos',
    detail: 'Oculto del menú',
    kind: 'Tipo de acción',
    group: 'Productos: visibilidad y agotados',
    filter: 'Filtrar',
    platform: 'Actividad de la plataforma',
  },
  en: {
    nav: 'Panel sections',
    products: 'Search products',
    edit: 'Edit',
    hide: 'Hide',
    link: 'Activity',
    action: "Changed products' visibility",
    detail: 'Oculto del menú', // the log keeps what was recorded
    kind: 'Kind of action',
    group: 'Products: visibility and sold out',
    filter: 'Filter',
    platform: 'Platform activity',
  },
} as const;

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 6).map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const lang of ['es', 'en'] as const) {
  const t = TEXTS[lang];

  test(`[${lang}] the owner hides a product, then finds it in Actividad`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(60_000);
    await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    await signInStaff(context, request, accounts.owner, baseURL!);
    await page.goto('/clover-products?cliente_id=1');
    await page.getByLabel(t.products).fill('jamón');
    const card = page.getByTestId('product-row').first();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: new RegExp(`^${t.edit} `) }).click();
    await card.getByRole('button', { name: t.hide, exact: true }).click();
    await expect(card.getByTestId('visibility-badge')).not.toHaveText('Visible');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('navigation', { name: t.nav }).getByRole('link', { name: t.link, exact: true }).click();
    await expect(page).toHaveURL(/\/equipo\/actividad\?cliente_id=1$/);
    await expect(page.getByRole('heading', { name: t.link, level: 1 })).toBeVisible();
    const first = page.getByTestId('activity-row').first();
    await expect(first).toHaveAttribute('data-accion', 'producto.visibilidad');
    await expect(first).toContainText(t.action);
    await expect(first).toContainText('Jamón Ibérico');
    await expect(first).toContainText(t.detail);
    await expect(first).toContainText(accounts.owner.email);
    await expect(first).toContainText('127.0.0.1');
    await page.screenshot({ path: `/tmp/shots30/audit/activity-${lang}-1280.png`, fullPage: true });
    expect(await seriousViolations(page), 'serious or critical axe violations').toEqual([]);

    // The filter by kind keeps it; 390 px is a stacked list without sideways scroll.
    await page.getByLabel(t.kind).selectOption({ label: t.group });
    await page.getByRole('button', { name: t.filter, exact: true }).click();
    await expect(page.getByTestId('activity-row').first()).toContainText('Jamón Ibérico');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('.activity-table thead')).toBeHidden();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(wide, 'sideways scroll at 390 px (px)').toBe(0);
    await page.screenshot({ path: `/tmp/shots30/audit/activity-${lang}-390.png`, fullPage: true });
    expect(await seriousViolations(page), 'serious or critical axe violations at 390 px').toEqual([]);

    // The menu as it was for the next test.
    const staff = await staffLogin(request, accounts.owner);
    const res = await request.get('/api/productos?cliente_id=1', { headers: { Authorization: `Bearer ${staff.token}` } });
    const jamon = ((await res.json()).productos as { id: number; name: string }[]).find((p) => p.name === 'Jamón Ibérico');
    await setProductVisible(request, staff, 1, jamon!.id, true);
  });
}

test("the super admin's platform activity names the restaurant", async ({ page, context, request, baseURL }) => {
  const owner = await staffLogin(request, accounts.owner);
  const res = await request.get('/api/productos?cliente_id=1', { headers: { Authorization: `Bearer ${owner.token}` } });
  const jamon = ((await res.json()).productos as { id: number; name: string }[]).find((p) => p.name === 'Jamón Ibérico');
  await setProductVisible(request, owner, 1, jamon!.id, true);

  await signInStaff(context, request, accounts.superAdmin, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/super-admin');
  await page.getByRole('link', { name: 'Actividad', exact: true }).click();
  await expect(page).toHaveURL(/\/super-admin\/actividad$/);
  await expect(page.getByRole('heading', { name: TEXTS.es.platform, level: 1 })).toBeVisible();
  const first = page.getByTestId('activity-row').first();
  await expect(first).toContainText('Jamón Ibérico');
  await expect(first).toContainText('Visible en el menú');
  await expect(page.getByRole('columnheader', { name: 'Restaurante' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots30/audit/platform-activity-es-1280.png', fullPage: true });
  expect(await seriousViolations(page), 'serious or critical axe violations').toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/shots30/audit/platform-activity-es-390.png', fullPage: true });

  // A restaurant's log is the owner's: another restaurant's owner is refused.
  const other = await staffLogin(request, accounts.owner2);
  const refused = await request.get('/api/clientes/1/actividad', { headers: { Authorization: `Bearer ${other.token}` } });
  expect(refused.status()).toBe(403);
});
