import type { Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { createPopup, deletePopup, deletePopups, staffLogin, unique } from './api';

/**
 * The diner menu's first view is painted by the server with the HTML (the
 * app's own components rendered at build time, filled with the restaurant's
 * data: internal/web/firstview.go), and the app takes it over without a
 * second copy on the page and without moving anything.
 * The copy is the whole page a visitor sees first: the diner shell (the
 * restaurant's header, navigation, account entry) around the menu with its
 * call to register; the app renders hidden behind it until its categories
 * are ready.
 */

async function categoryNames(page: Page, clienteId: number): Promise<string[]> {
  const res = await page.request.get(`/api/categories?cliente_id=${clienteId}&idioma=es`);
  const body = (await res.json()) as { categorias: { name: string }[] };
  return body.categorias.map((c) => c.name);
}

test('the shell and the categories are painted without the app code', async ({ page }) => {
  // No module ever arrives (the page's own inline scripts still run).
  await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
  const names = await categoryNames(page, 2);
  expect(names.length).toBeGreaterThan(0);
  await page.goto('/menu/2');
  await expect(page.locator('#first-view .menu-card__name')).toHaveText(names);
  const copy = page.locator('#first-view');
  await expect(copy.getByRole('heading', { level: 1, name: 'Menú Digital' })).toBeVisible();
  await expect(copy.locator('.menu-grid img').first()).toHaveAttribute('fetchpriority', 'high');
  // The shell: the restaurant's name, its navigation, the calls to register.
  const settings = (await (await page.request.get('/api/configuraciones?cliente_id=2')).json()) as { nombre_restaurante: string };
  await expect(copy.locator('.diner-brand__name')).toHaveText(settings.nombre_restaurante);
  await expect(copy.getByRole('navigation').getByRole('link', { name: 'Menú' })).toHaveAttribute('href', '/menu/2');
  await expect(copy.getByRole('button', { name: 'Registrarse para más funciones' })).toBeVisible();
  await expect(page.locator('#root')).toBeEmpty();
});

test('the app takes over the first view: one copy, same place, same look', async ({ page }) => {
  const names = await categoryNames(page, 2);
  // Hold the app's entry module until the server's copy has been looked at.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const entryAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  // The copy's navigation is the app's first one (Menú, Ofertas); 'Ordena
  // en Línea' joins it when the app knows (sideways, in the tab row): kept
  // off here so that the positions compare.
  await page.route(/\/api\/orders\/config\?cliente_id=2$/, (route) => route.fulfill({ json: { activo: false } }));
  // The held module keeps the load event from firing: do not wait for it.
  await page.goto('/menu/2', { waitUntil: 'commit' });
  await entryAsked; // the copy's script starts the code once the first pictures have painted
  const copyCards = page.locator('#first-view .menu-card');
  await expect(copyCards.locator('.menu-card__name')).toHaveText(names);
  await expect(page.locator('#root')).toBeEmpty();
  const parts = '.diner-header, .diner-brand__name, .diner-nav, .menu-title, .acct-cta, .menu-view-title';
  const looks = (els: Element[]) =>
    els.map((el) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return [s.backgroundColor, s.color, s.borderRadius, s.fontSize, s.fontFamily, r.x, r.y, r.width, r.height].join('|');
    });
  const before = await copyCards.evaluateAll(looks);
  const frameBefore = await page.locator('#first-view').locator(parts).evaluateAll(looks);
  expect(frameBefore).toHaveLength(6);

  release();
  const appCards = page.locator('#root .menu-card');
  await expect(appCards.locator('.menu-card__name')).toHaveText(names);
  await expect(page.locator('#first-view')).toHaveCount(0);
  await expect(page.locator('.menu-card')).toHaveCount(names.length);
  const after = await appCards.evaluateAll(looks);
  expect(after).toEqual(before);
  expect(await page.locator('#root').locator(parts).evaluateAll(looks)).toEqual(frameBefore);
});

test('a signed-in diner gets no copy (their header and page are not a visitor\'s)', async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('auth_token', 'x');
    window.localStorage.setItem('usuario_id', '1');
  });
  await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
  await page.goto('/menu/2');
  await expect(page.locator('#first-view')).toHaveCount(0);
});

test('a diner who chose English gets no Spanish copy', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
  await page.goto('/menu/2');
  await expect(page.getByRole('heading', { name: 'Main Categories' })).toBeVisible();
  await expect(page.locator('#first-view')).toHaveCount(0);
  await expect(page.getByText('Categorías Principales')).toHaveCount(0);
});

/** Restaurant 2's promotion (the demo gives it one): its stored copy, as the app keeps a closed popup. */
async function promotion(page: Page): Promise<{ path: string; stored: string }> {
  const [p] = (await (await page.request.get('/api/popups?cliente_id=2')).json()) as { id: number; name: string; file_url: string; file_type: string }[];
  return { path: p.file_url, stored: JSON.stringify({ id: p.id, name: p.name, file_url: p.file_url, file_type: p.file_type }) };
}

/** The pictures the page asks for besides the promotion's. */
function pictureRequests(page: Page, promo: string): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/media/') && path !== promo) seen.push(path);
  });
  return seen;
}

test("under the promotion's copy the first view's pictures wait for the promotion's image", async ({ page }) => {
  await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
  const promo = await promotion(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname === promo.path, async (route) => {
    await held;
    await route.continue();
  });
  const pictures = pictureRequests(page, promo.path);
  await page.goto('/menu/2', { waitUntil: 'commit' });
  await expect(page.locator('#menu-shell img')).toHaveCount(1);
  await expect(page.locator('#first-view .menu-card__name').first()).toBeVisible();
  await expect(page.locator('#first-view .menu-grid img[data-src]').first()).toBeAttached();
  expect(await page.locator('#first-view .menu-grid img[src]').count()).toBe(0);
  expect(pictures).toEqual([]);

  release();
  await expect(page.locator('#first-view img[data-src]')).toHaveCount(0);
  await expect(page.locator('#first-view')).not.toHaveAttribute('data-bg');
  await expect
    .poll(() => page.locator('#first-view .menu-grid img').first().evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
    .toBe(true);
  expect(await page.locator('#first-view .diner-shell').evaluate((el: HTMLElement) => el.style.backgroundImage)).toContain('/media/');
  expect(pictures.length).toBeGreaterThan(0);
});

test("a diner who closed the promotion gets the first view's pictures at once", async ({ page }) => {
  await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
  const promo = await promotion(page);
  await page.addInitScript((stored) => {
    window.localStorage.setItem('popup_data_2', stored);
    window.localStorage.setItem('popup_closed_2', 'true');
  }, promo.stored);
  // The promotion's image never arrives: nothing may wait for it.
  await page.route((url) => url.pathname === promo.path, () => new Promise<void>(() => {}));
  await page.goto('/menu/2', { waitUntil: 'commit' });
  await expect(page.locator('#menu-shell')).toHaveCount(0);
  await expect
    .poll(() => page.locator('#first-view .menu-grid img').first().evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
    .toBe(true);
});

test("without a promotion the first row's pictures load first, the others and the background after them", async ({ page, request }) => {
  // Restaurant 2 without its promotion (given back afterwards: the suite shares one server).
  const staff = await staffLogin(request, accounts.owner2);
  const removed = await deletePopups(request, staff, 2);
  try {
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    const { categorias } = (await (await page.request.get('/api/categories?cliente_id=2&idioma=es')).json()) as {
      categorias: { image_path: string }[];
    };
    expect(categorias.length).toBeGreaterThan(2);
    const firstRow = categorias.slice(0, 2).map((c) => c.image_path);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => firstRow.includes(url.pathname), async (route) => {
      await held;
      await route.continue();
    });
    const pictures = pictureRequests(page, '');
    // The page's timers stand still (the code's latest start, CODE_WAIT_MS in src/first-view/scripts/start.ts, is one).
    await page.clock.install();
    await page.goto('/menu/2', { waitUntil: 'commit' });
    await expect(page.locator('#menu-shell')).toHaveCount(0);
    const images = page.locator('#first-view .menu-grid img');
    await expect(images.first()).toHaveAttribute('src', firstRow[0]);
    await expect(images.nth(1)).toHaveAttribute('src', firstRow[1]);
    await expect(images.nth(2)).toHaveAttribute('data-src', categorias[2].image_path);
    await expect(page.locator('#first-view')).toHaveAttribute('data-bg', /\/media\//);
    expect(pictures.filter((p) => !firstRow.includes(p))).toEqual([]);

    release();
    await expect
      .poll(() => images.nth(1).evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
      .toBe(true);
    // Painted: the script counts a few frames (or the browser reports the paint) and starts the code.
    await page.clock.runFor(3000);
    await expect(page.locator('#first-view img[data-src]')).toHaveCount(0);
    await expect(page.locator('#first-view')).not.toHaveAttribute('data-bg');
    await expect(images.nth(2)).toHaveAttribute('src', categorias[2].image_path);
    expect(await page.locator('#first-view .diner-shell').evaluate((el: HTMLElement) => el.style.backgroundImage)).toContain('/media/');
  } finally {
    for (const p of removed) await createPopup(request, staff, 2, p.name);
  }
});

/**
 * What the page had asked for before its largest paint was on screen, other
 * than the HTML and the pictures that paint may be of (paths): the code,
 * the other pictures and the icon must wait for it (a phone's slow link
 * would share its bandwidth with them, and Lighthouse's simulation counts
 * them).
 */
async function loadedBeforeLargestPaint(page: Page, paths: string[]): Promise<string[]> {
  return page.evaluate(async (pictures) => {
    type Paint = PerformanceEntry & { url: string; renderTime: number };
    const paints = await new Promise<Paint[]>((resolve) =>
      new PerformanceObserver((list) => resolve(list.getEntries() as Paint[])).observe({ type: 'largest-contentful-paint', buffered: true }),
    );
    const paint = paints.find((p) => pictures.includes(new URL(p.url, location.href).pathname));
    if (!paint) return [`no largest paint of ${pictures.join(', ')}`];
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.startTime < paint.renderTime && !pictures.includes(new URL(r.name).pathname))
      .map((r) => new URL(r.name).pathname);
  }, paths);
}

test("under a promotion nothing but its picture loads before it is painted", async ({ page, request }) => {
  // A promotion of its own, with a picture large enough to be the largest
  // paint (other tests leave restaurant 2 small ones); removed afterwards.
  const staff = await staffLogin(request, accounts.owner2);
  const promo = await createPopup(request, staff, 2, unique('Grande'), '', [900, 600]);
  try {
    await page.goto('/menu/2');
    // The app has started (its own promotion replaced the copy), so the code has loaded.
    await expect(page.locator('#menu-shell')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await loadedBeforeLargestPaint(page, [new URL(promo.file_url, 'http://x').pathname])).toEqual([]);
  } finally {
    await deletePopup(request, staff, promo.id);
  }
});

test("without a promotion nothing but the first row's pictures loads before they are painted", async ({ page, request }) => {
  const staff = await staffLogin(request, accounts.owner2);
  const removed = await deletePopups(request, staff, 2);
  try {
    await page.goto('/menu/2');
    await expect(page.locator('#first-view')).toHaveCount(0);
    const { categorias } = (await (await page.request.get('/api/categories?cliente_id=2&idioma=es')).json()) as {
      categorias: { image_path: string }[];
    };
    const firstRow = categorias.slice(0, 2).map((c) => c.image_path);
    // The logo loads with them (it is small and at the top of the page).
    const early = await loadedBeforeLargestPaint(page, firstRow);
    expect(early.filter((p) => p !== '/static/images/default-logo.png')).toEqual([]);
  } finally {
    for (const p of removed) await createPopup(request, staff, 2, p.name);
  }
});
