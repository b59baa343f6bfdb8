import type { APIRequestContext, Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { placePaidOrder, signInDiner, tablesSetUp } from './api';
import { addSteak, texts } from './ordering-helpers';

// One data layer per diner page (issue 28): a diner page reads each endpoint
// once per load, whichever component or cache asks for it — a phone on a
// weak network after a QR scan pays for every request.

test.describe.configure({ timeout: 60_000 });

/**
 * The API reads a page made while it loaded, counted by method, path and
 * query. `settled` says when the page has asked for everything: by default
 * the network going quiet; a page with a live stream (never quiet) says it
 * itself.
 */
async function apiReads(
  page: Page,
  url: string,
  ready: () => Promise<void>,
  settled?: (seen: Map<string, number>) => Promise<void>,
): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (r.method() !== 'GET' || !u.pathname.startsWith('/api/') || u.pathname.endsWith('/eventos')) return;
    const key = `${u.pathname}${u.search}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  });
  await page.goto(url);
  await ready();
  // Whatever the page asks for after it is ready (lazy parts, the promotion) counts too.
  if (settled) await settled(seen);
  else await page.waitForLoadState('networkidle');
  return seen;
}

function twice(seen: Map<string, number>): string[] {
  return [...seen].filter(([, n]) => n > 1).map(([k, n]) => `${k} × ${n}`);
}

type Setup = { page: Page; request: APIRequestContext };

const PAGES: {
  name: string;
  /** The page's URL, or a set-up that reaches the state the page needs and answers its URL. */
  url: string | ((s: Setup) => Promise<string>);
  diner?: boolean;
  /** What says the page is ready (default: the app's first heading). */
  ready?: (page: Page) => Promise<void>;
}[] = [
  { name: 'menu', url: '/menu/1' },
  { name: 'cava', url: '/cava/1' },
  { name: 'ordering', url: '/ordenar-en-linea/1' },
  { name: 'cart', url: '/carrito/1' },
  {
    name: 'checkout',
    // The online-ordering checkout with a steak in the cart (the cart lives in the browser).
    url: async ({ page }) => {
      await addSteak(page, texts.es);
      await page.waitForLoadState('networkidle');
      return '/checkout/1';
    },
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: texts.es.checkoutTitle })).toBeVisible();
      await expect(page.getByTestId('quote-total')).toBeVisible();
    },
  },
  { name: 'offers', url: '/usuario/ofertas?menu=1', diner: true },
  { name: 'purchases', url: '/usuario/mis-compras?menu=1', diner: true },
  { name: 'points', url: '/usuario/mis-puntos?menu=1', diner: true },
  { name: 'restaurants', url: '/usuario/restaurantes?menu=1', diner: true },
  { name: 'account', url: '/usuario/cuenta?menu=1', diner: true },
];

for (const p of PAGES) {
  test(`${p.name}: every endpoint is read once on a page load`, async ({ page, context, request, baseURL, diner }) => {
    if (p.diner) await signInDiner(context, request, diner, baseURL!);
    const url = typeof p.url === 'string' ? p.url : await p.url({ page, request });
    const seen = await apiReads(page, url, async () => {
      if (p.ready) await p.ready(page);
      // The app's own heading, not the server's first view of the menu (#first-view), which
      // is painted before the app's code starts: on a busy machine the network can go quiet
      // between the two, and the reads counted would be none.
      else await expect(page.locator('#root').getByRole('heading', { level: 1 }).first()).toBeVisible();
    });
    expect(seen.size, 'the page read nothing: the test is blind').toBeGreaterThan(0);
    expect(twice(seen)).toEqual([]);
  });
}

// The order page follows its order live (GET /api/pedidos/{id}/eventos, never
// quiet): it reads the order to paint, and once more when the stream says it
// listens (a change between the two reads would be lost otherwise) — that
// second read is the design, every other endpoint is read once.
test('order: every endpoint is read once on a page load, the order again when its stream listens', async ({ page, request }) => {
  const order = await placePaidOrder(request, 'Olga Pedido');
  const orderRead = `/api/pedidos/${order.pedidoId}`;
  const seen = await apiReads(
    page,
    `/pedido/${order.pedidoId}?t=${order.token}&menu=1`,
    async () => {
      await expect(page.getByRole('heading', { level: 1, name: /^Pedido #\d+$/ })).toBeVisible();
    },
    async (reads) => {
      await expect.poll(() => reads.get(orderRead) ?? 0).toBe(2);
    },
  );
  expect(twice(seen)).toEqual([`${orderRead} × 2`]);
});

// The table page: a phone scans table 3's printed code (/mesa/1/{codigo}),
// which sends it on to the online menu with the table's badge; the whole
// load, the redirect included, reads each endpoint once. The dining room is
// put back afterwards (the worker's server is shared with later specs).
test('table: every endpoint is read once on a page load', async ({ page, request }) => {
  const tables = await tablesSetUp(request, accounts.owner, 1);
  try {
    const seen = await apiReads(page, `/mesa/1/${tables.code(3)}`, async () => {
      await expect(page).toHaveURL(/\/ordenar-en-linea\/1$/);
      await expect(page.getByTestId('table-badge')).toContainText('Mesa 3');
    });
    expect(seen.size, 'the page read nothing: the test is blind').toBeGreaterThan(0);
    expect(twice(seen)).toEqual([]);
  } finally {
    await tables.restore();
  }
});
