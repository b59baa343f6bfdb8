import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { closePromotion } from './helpers';
import { signInDiner } from './api';

// The diner's shell (issue 15): from /menu/{id}, the page the QR code opens,
// a diner reaches registration, offers, online ordering, the cava and their
// account under one branded header; the menu's product cards and the
// promotion's place on the page.

// A busy machine: each test walks several pages of the real binary.
test.describe.configure({ timeout: 60_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function restaurantName(request: APIRequestContext, clienteId = 1): Promise<string> {
  const res = await request.get(`/api/configuraciones?cliente_id=${clienteId}`);
  expect(res.ok()).toBe(true);
  const name = ((await res.json()) as { nombre_restaurante: string }).nombre_restaurante;
  expect(name).not.toBe('');
  return name;
}

/** The shell's header: brand text and navigation labels, for comparing pages. */
async function shellOf(page: Page) {
  const brand = page.getByTestId('diner-brand');
  await expect(brand).toBeVisible();
  const nav = page.getByRole('navigation', { name: /Navegación del restaurante|Restaurant navigation/ });
  return { brand: (await brand.innerText()).trim(), nav: await nav.getByRole('link').allInnerTexts() };
}

/** Whether the element is on screen and the topmost thing at its centre (nothing covers it). */
async function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (r.bottom > window.innerHeight || r.top < 0 || r.right > window.innerWidth || r.left < 0) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

type Box = { x: number; y: number; width: number; height: number };
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Opens the products of a subcategory of the main category (its link's target, as a diner's click would). */
async function openProducts(page: Page, category: string, subcategory: string) {
  const href = await page.getByRole('link', { name: category, exact: true }).getAttribute('href');
  await page.goto(`${href}&sub=${subcategory}`);
  await expect(page.getByRole('heading', { name: /^(Productos|Products)$/ })).toBeVisible();
  await expect(page.getByTestId('menu-product').first()).toBeVisible();
}

test('on a first visit the promotion carries the call to register, uncovered, and it opens the registration', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/menu/1');
  const promo = page.getByRole('dialog');
  await expect(promo).toBeVisible();
  const call = promo.getByRole('button', { name: 'Registrarse para más funciones' });
  await expect(call).toBeVisible();
  expect(await uncovered(call)).toBe(true);

  await call.click();
  await expect(page.getByRole('dialog', { name: 'Crear Cuenta' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Promoción de la Casa' })).toHaveCount(0);
});

test('from the menu a diner reaches offers, online ordering and the cava under the same branded header', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const name = await restaurantName(request);
  await page.goto('/menu/1');
  await closePromotion(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Menú Digital' })).toBeVisible();
  // The menu is the diner's home: the register call is on it, and in the header.
  await expect(page.getByRole('button', { name: 'Registrarse para más funciones' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Registrarse', exact: true })).toBeVisible();
  // The cava's entry appears once the menu has painted and the browser is idle.
  const nav = page.getByRole('navigation', { name: 'Navegación del restaurante' });
  await expect(nav.getByRole('link', { name: 'Cava' })).toBeVisible();
  const home = await shellOf(page);
  expect(home).toEqual({ brand: name, nav: ['Menú', 'Ofertas', 'Ordena en Línea', 'Cava'] });
  expect(home.brand).not.toMatch(/Restaurante \d/);
  await expect(nav.getByRole('link', { name: 'Menú' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Volver al Menú' })).toHaveCount(0);

  const stops = [
    { link: 'Ofertas', url: /\/usuario\/ofertas\?menu=1$/, title: 'Ofertas y Cupones' },
    { link: 'Ordena en Línea', url: /\/ordenar-en-linea\/1$/, title: 'Ordena en Línea' },
    { link: 'Cava', url: /\/cava\/1$/, title: 'Explora Nuestra Cava' },
    { link: 'Menú', url: /\/menu\/1$/, title: 'Menú Digital' },
  ];
  for (const stop of stops) {
    await nav.getByRole('link', { name: stop.link }).click();
    await expect(page).toHaveURL(stop.url);
    await expect(page.getByRole('heading', { level: 1, name: stop.title })).toBeVisible();
    await expect(nav.getByRole('link', { name: stop.link })).toHaveAttribute('aria-current', 'page');
    expect(await shellOf(page)).toEqual(home);
    // No page draws a second header or sidebar of its own.
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('complementary')).toHaveCount(0);
  }
});

test('on a desktop the cava\'s entry joins the navigation without moving the others', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  // Hold the wine list (the entry's own read) until the other entries are measured.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/vinos\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/menu/1');
  await closePromotion(page);
  const nav = page.getByRole('navigation', { name: 'Navegación del restaurante' });
  await expect(nav.getByRole('link', { name: 'Ordena en Línea' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Cava' })).toHaveCount(0);
  const lefts = () => nav.getByRole('link').evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().left)));
  const before = await lefts();
  release();
  await expect(nav.getByRole('link', { name: 'Cava' })).toBeVisible();
  expect((await lefts()).slice(0, before.length)).toEqual(before);
});

test('a signed-in diner keeps the same shell in English: the panel names the restaurant, the drawer leads to the account', async ({
  page,
  context,
  request,
  baseURL,
  diner,
}) => {
  await page.setViewportSize(PHONE);
  const name = await restaurantName(request);
  const session = await signInDiner(context, request, diner, baseURL!);
  await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
  await page.goto(`/usuario/${session.usuario_id}?menu=1`);
  await closePromotion(page);
  await expect(page.getByRole('heading', { name: `User Panel - ${name}` })).toBeVisible();
  await expect(page.getByText(/Restaurant 1\b/)).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Restaurant navigation' });
  await expect(nav.getByRole('link', { name: 'Wine cellar' })).toBeVisible();
  const panel = await shellOf(page);
  expect(panel).toEqual({ brand: name, nav: ['Menu', 'Offers', 'Order Online', 'Wine cellar'] });
  await expect(page.getByRole('button', { name: 'Sign up', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/usuario\/cuenta\?menu=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Account' })).toBeVisible();
  expect(await shellOf(page)).toEqual(panel);
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`product cards: the picture beside the text, every price in one column (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/menu/1');
    await closePromotion(page);
    await openProducts(page, 'Platos Fuertes', 'C1MAR');
    const cards = page.getByTestId('menu-product');
    expect(await cards.count()).toBeGreaterThanOrEqual(3);

    const boxes = await cards.evaluateAll((els) =>
      els.map((el) => {
        const box = (sel: string) => {
          const r = (sel ? el.querySelector(sel)! : el).getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
        };
        return { card: box(''), image: box('.menu-product__image'), body: box('.menu-product__body'), price: box('.menu-product__price') };
      }),
    );
    for (const b of boxes) {
      // Beside, not above: the picture ends before the text starts, and both start at the card's top.
      expect(b.image.right).toBeLessThanOrEqual(b.body.left);
      expect(Math.abs(b.image.top - b.body.top)).toBeLessThan(4);
      // The price sits at the card's right edge, inside the card.
      expect(b.card.right - b.price.right).toBeLessThan(16);
      expect(b.price.left).toBeGreaterThan(b.body.left);
    }
    // One column of prices per column of cards.
    const columns = new Map<number, number[]>();
    for (const b of boxes) columns.set(Math.round(b.card.left), [...(columns.get(Math.round(b.card.left)) ?? []), b.price.right]);
    for (const rights of columns.values()) expect(Math.max(...rights) - Math.min(...rights)).toBeLessThan(1);

    if (viewport.width < 720) {
      expect(columns.size).toBe(1);
      for (const b of boxes) {
        expect(b.card.width).toBeGreaterThan(viewport.width - 40);
        expect(b.image.width).toBeGreaterThanOrEqual(80);
      }
    } else {
      expect(columns.size).toBe(2);
      for (const b of boxes) {
        expect(b.card.width).toBeLessThanOrEqual(600);
        expect(b.card.width).toBeGreaterThanOrEqual(360);
        expect(b.image.width).toBeGreaterThanOrEqual(112);
      }
    }
  });
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`'Ver Promoción' never covers the last product (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/menu/1');
    await closePromotion(page);
    await openProducts(page, 'Platos Fuertes', 'C1CARN');
    const fab = page.getByRole('button', { name: 'Ver Promoción' });
    await expect(fab).toBeVisible();
    const last = page.getByTestId('menu-product').last();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(last).toBeInViewport({ ratio: 1 });
    const fabBox = (await fab.boundingBox())!;
    const lastBox = (await last.boundingBox())!;
    expect(overlaps(fabBox, lastBox)).toBe(false);
  });
}
