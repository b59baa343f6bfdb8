import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInDiner } from './api';

// One data layer per diner page (issue 28): a diner page reads each endpoint
// once per load, whichever component or cache asks for it — a phone on a
// weak network after a QR scan pays for every request.

test.describe.configure({ timeout: 60_000 });

/** The API reads a page made while it loaded, counted by method, path and query. */
async function apiReads(page: Page, url: string, ready: () => Promise<void>): Promise<Map<string, number>> {
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
  await page.waitForLoadState('networkidle');
  return seen;
}

function twice(seen: Map<string, number>): string[] {
  return [...seen].filter(([, n]) => n > 1).map(([k, n]) => `${k} × ${n}`);
}

const PAGES: { name: string; url: string; diner?: boolean }[] = [
  { name: 'menu', url: '/menu/1' },
  { name: 'cava', url: '/cava/1' },
  { name: 'ordering', url: '/ordenar-en-linea/1' },
  { name: 'cart', url: '/carrito/1' },
  { name: 'offers', url: '/usuario/ofertas?menu=1', diner: true },
  { name: 'purchases', url: '/usuario/mis-compras?menu=1', diner: true },
  { name: 'points', url: '/usuario/mis-puntos?menu=1', diner: true },
  { name: 'restaurants', url: '/usuario/restaurantes?menu=1', diner: true },
  { name: 'account', url: '/usuario/cuenta?menu=1', diner: true },
];

for (const p of PAGES) {
  test(`${p.name}: every endpoint is read once on a page load`, async ({ page, context, request, baseURL, diner }) => {
    if (p.diner) await signInDiner(context, request, diner, baseURL!);
    const seen = await apiReads(page, p.url, async () => {
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    });
    expect(seen.size, 'the page read nothing: the test is blind').toBeGreaterThan(0);
    expect(twice(seen)).toEqual([]);
  });
}
