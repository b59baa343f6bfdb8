import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { accounts, expect, test } from './fixtures';

// Issue 30 (Staff): the kitchen marks a product 'Agotado hoy' from the order
// board (the cook cannot open the products screen) and the diner's online
// menu stops offering it; then takes it back. In Spanish and English; axe on
// the open panel; screenshots at 1280x800 (the kitchen's tablet) and 390.

const SHOTS = '/tmp/shots30/soldout';

const TEXTS = {
  es: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar Sesión',
    board: 'Pedidos en línea',
    open: 'Agotados hoy',
    search: 'Buscar producto',
    toggle: 'Agotado hoy',
    close: 'Cerrar',
  },
  en: {
    email: 'Email',
    password: 'Password',
    submit: 'Log In',
    board: 'Online orders',
    open: 'Sold out today',
    search: 'Search product',
    toggle: 'Sold out today',
    close: 'Close',
  },
};

async function axe(page: Page) {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

/** The names on restaurant 1's online menu (sold-out products are not there). */
async function onlineNames(request: APIRequestContext, idioma: string): Promise<string[]> {
  const res = await request.get(`/api/orders/clover_products_online?cliente_id=1&idioma=${idioma}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { categorias: { productos: { name: string }[] }[] };
  return body.categorias.flatMap((c) => c.productos.map((p) => p.name));
}

for (const lang of ['es', 'en'] as const) {
  const T = TEXTS[lang];

  test(`[${lang}] the cook marks a product sold out from the board, the online menu drops it, then it is back`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    await page.setViewportSize({ width: 1280, height: 800 });
    const names = await onlineNames(request, lang);
    // A product with a name of its own (the search finds it alone).
    const name = names.find((n) => names.filter((m) => m.toLowerCase().includes(n.toLowerCase())).length === 1)!;
    expect(name).toBeTruthy();

    const productCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/productos') productCalls.push(r.url());
    });
    await page.goto('/login');
    await page.getByLabel(T.email).fill(accounts.cocina.email);
    await page.getByLabel(T.password).fill(accounts.cocina.password);
    await page.getByRole('button', { name: T.submit }).click();
    await expect(page).toHaveURL(/\/pedidos\?cliente_id=1$/);
    await expect(page.getByRole('heading', { name: T.board, level: 1 })).toBeVisible();
    const open = page.getByRole('button', { name: new RegExp(`^${T.open}`) });
    await expect(open).toBeVisible();
    // The board does not read the products until the panel opens.
    expect(productCalls).toEqual([]);

    await open.click();
    const dialog = page.getByRole('dialog', { name: T.open });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('sold-out-item').first()).toBeVisible();
    expect(productCalls.length).toBe(1);
    const before = Number((await open.textContent())!.match(/\((\d+)\)/)![1]);
    await expect(dialog.getByRole('searchbox', { name: T.search })).toBeFocused();
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/panel-${lang}-1280x800.png` });

    await dialog.getByRole('searchbox', { name: T.search }).fill(name);
    const item = dialog.getByTestId('sold-out-item').filter({ hasText: name });
    await expect(item).toHaveCount(1);
    const toggle = item.getByRole('checkbox', { name: new RegExp(`^${T.toggle}\\s*: ${name}$`) });
    await expect(toggle).not.toBeChecked();
    try {
      await toggle.click();
      await expect(toggle).toBeChecked();
      await expect(open).toHaveText(`${T.open} (${before + 1})`);
      await expect.poll(async () => (await onlineNames(request, lang)).includes(name)).toBe(false);
      await page.screenshot({ path: `${SHOTS}/panel-marked-${lang}-1280x800.png` });

      await page.setViewportSize({ width: 390, height: 844 });
      await dialog.getByRole('searchbox', { name: T.search }).fill('');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axe(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/panel-${lang}-390.png` });
      await dialog.getByRole('searchbox', { name: T.search }).fill(name);

      // Take it back: on the menu again.
      await toggle.click();
      await expect(toggle).not.toBeChecked();
      await expect(open).toHaveText(`${T.open} (${before})`);
      await expect.poll(async () => (await onlineNames(request, lang)).includes(name)).toBe(true);
    } finally {
      if (!(await onlineNames(request, lang)).includes(name)) {
        const token = await page.evaluate(() => window.localStorage.getItem('token'));
        const id = await page.evaluate(async (n) => {
          const r = await fetch(`/api/productos?cliente_id=1&idioma=${document.documentElement.lang || 'es'}`, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
          const b = (await r.json()) as { productos: { id: number; name: string }[] };
          return b.productos.find((p) => p.name === n)?.id;
        }, name);
        await request.put(`/api/clover/products/${id}/agotado`, { headers: { Authorization: `Bearer ${token}` }, data: { agotado: false, cliente_id: 1 } });
      }
    }

    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/board-${lang}-390.png` });
  });
}
