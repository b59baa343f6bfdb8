// Screenshots of the screens issue 27 changed, at 390 and 1280 px (Spanish, demo data).
//
//   node docs/screenshots/issue27/shoot.mjs http://127.0.0.1:8080 docs/screenshots/issue27/after
//
// The server must run with CARTA_DEMO=1 on a fresh data dir (each run adds orders and a
// restaurant). Playwright is taken from web/node_modules (or PLAYWRIGHT_MODULES), the
// browser from CHROMIUM_PATH (default /usr/bin/chromium). The same script shoots the state
// before the issue (commit 87de588) and after it; where a screen did not exist before,
// the closest page is shot (see README.md).
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const modules = process.env.PLAYWRIGHT_MODULES ?? path.resolve(here, '../../../web/node_modules');
const require = createRequire(path.join(modules, 'noop.js'));
const { chromium, request: apiRequest } = require('playwright');

const [base, outArg] = process.argv.slice(2);
if (!base || !outArg) {
  console.error('usage: node shoot.mjs BASE_URL OUT_DIR');
  process.exit(2);
}
const out = path.resolve(outArg);
mkdirSync(out, { recursive: true });

const OWNER = { email: 'owner@demo.test', password: 'demo-owner-1' };
const ADMIN = { email: 'admin@demo.test', password: 'demo-admin-1' };
const WIDTHS = [390, 1280];
const viewport = (w) => ({ width: w, height: w === 390 ? 844 : 800 });

const api = await apiRequest.newContext({ baseURL: base });
async function ok(res) {
  if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
  return res.json();
}
const login = (a) => api.post('/api/login', { data: a }).then(ok);
const bearer = (s) => ({ Authorization: `Bearer ${s.token}` });

const owner = await login(OWNER);
const admin = await login(ADMIN);
await ok(await api.post('/api/clover/sync-all', { headers: bearer(owner), data: { cliente_id: 1 } }));
// No pickup-slot limit: the script places several orders in the same slot.
{
  const cfg = await ok(await api.get('/api/clientes/1/pedidos/config', { headers: bearer(owner) }));
  await api.put('/api/clientes/1/pedidos/config', { headers: bearer(owner), data: { ...cfg, pedidos_por_franja: 0 } });
}

// The restaurant's address, directions and phone (the pickup page shows them after the issue).
{
  const current = await ok(await api.get('/api/configuraciones?cliente_id=1'));
  const editable = { ...current, cliente_id: 1 };
  delete editable.logo;
  delete editable.backgroundImage;
  const place = {
    direccion: 'Calle Mayor 5, 28013 Madrid',
    telefono_contacto: '+1 (555) 010-2000',
    ubicacion_google_maps: 'https://maps.google.com/?q=Calle+Mayor+5,+28013+Madrid',
  };
  const tries = [place, { ...place, ubicacion_google_maps: '' }, { ...place, direccion: undefined }, { telefono_contacto: place.telefono_contacto }];
  for (const t of tries) {
    const res = await api.post('/api/configuraciones', { headers: bearer(owner), data: { ...editable, ...t } });
    if (res.ok()) break;
    console.error('settings refused:', res.status(), (await res.text()).slice(0, 200));
  }
}

const menu = await ok(await api.get('/api/orders/clover_products_online?cliente_id=1'));
const products = menu.categorias.flatMap((c) => c.productos);
const byName = (n) => products.find((p) => p.name === n);
const steak = byName('Chuletón de Res');
const mods = new Map(steak.modifiers.flatMap((g) => g.modifiers.map((m) => [m.name, m.id])));

/** A paid pickup order of two steaks; consent (novedades) only where the server knows it. */
async function paidOrder(nombre, email, extra = {}) {
  const body = (customer) => ({
    cliente_id: 1,
    order_type: 'pickup',
    items: [{ product_id: steak.id, quantity: 2, modifier_ids: [mods.get('Al punto'), mods.get('Patatas fritas')] }],
    customer,
    note: '',
  });
  const customer = { nombre, email, telefono: '555 1234' };
  let res = await api.post('/api/orders', { headers: { 'Accept-Language': 'es' }, data: body({ ...customer, ...extra }) });
  if (res.status() === 400 && Object.keys(extra).length) {
    res = await api.post('/api/orders', { headers: { 'Accept-Language': 'es' }, data: body(customer) });
  }
  const placed = await ok(res);
  await ok(await api.post('/api/orders/1/pay', { data: { pedido_id: placed.pedido_id, token: placed.token, amount: placed.total } }));
  return placed;
}

// The state the screens show.
const tag = Date.now().toString(36).toUpperCase();
const cancelled = await paidOrder(`Carmen Reembolso ${tag}`, `carmen-${tag.toLowerCase()}@ejemplo.test`);
await ok(
  await api.put(`/api/pedidos/${cancelled.pedido_id}/estado`, {
    headers: bearer(owner),
    data: { cliente_id: 1, estado: 'cancelado', motivo: 'Se acabó el chuletón' },
  }),
);
await paidOrder(`Gala Invitada ${tag}`, `gala-${tag.toLowerCase()}@ejemplo.test`, { novedades: true });
await paidOrder(`Hugo Invitado ${tag}`, `hugo-${tag.toLowerCase()}@ejemplo.test`, { novedades: false });
const pickup = await paidOrder(`Ana Recoge ${tag}`, `ana-${tag.toLowerCase()}@ejemplo.test`);
// A new restaurant for the first-run checklist (the super admin opens its panel).
const nuevo = await ok(
  await api.post('/api/clients', { headers: bearer(admin), data: { nombre: `Restaurante Nuevo ${tag}`, email: `nuevo-${tag.toLowerCase()}@ejemplo.test` } }),
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});

/** A browser context in Spanish, signed in as `session` (the app's storage keys), if any. */
async function contextFor(session, width, storage = {}) {
  const ctx = await browser.newContext({ viewport: viewport(width), locale: 'es-ES', baseURL: base });
  const entries = { language: 'es', ...storage };
  if (session) {
    Object.assign(entries, { token: session.token, authToken: session.token, is_superadmin: session.is_superadmin ? '1' : '0' });
    if (session.cliente_id != null) entries.cliente_id = String(session.cliente_id);
    if (session.merchant_id) entries.merchant_id = session.merchant_id;
  }
  await ctx.addInitScript((e) => {
    try {
      if (window.sessionStorage.getItem('shot-seeded')) return;
      for (const [k, v] of Object.entries(e)) window.localStorage.setItem(k, v);
      window.sessionStorage.setItem('shot-seeded', '1');
    } catch {
      // about:blank
    }
  }, entries);
  return ctx;
}

async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.evaluate(() => document.fonts?.ready).catch(() => {});
  await page.waitForTimeout(400);
}

const shot = async (page, name, width) => {
  const file = path.join(out, `${name}-${width}.png`);
  await page.screenshot({ path: file });
  console.log('wrote', file);
};

/** Runs one screen; a failure is logged and the next screen still runs. */
async function screen(name, width, session, fn, storage) {
  const ctx = await contextFor(session, width, storage);
  const page = await ctx.newPage();
  try {
    await fn(page, (suffix = '') => shot(page, name + suffix, width));
  } catch (err) {
    console.error(`${name}-${width}: ${err.message.split('\n')[0]}`);
    await shot(page, name, width).catch(() => {});
  } finally {
    await ctx.close();
  }
}

const firstProduct = products.find((p) => p.modifiers.length > 0 && p.modifiers.every((g) => !g.min_required)) ?? products[0];
const gambas = byName('Gambas al Ajillo');
const cart = JSON.stringify([
  { product_id: gambas.id, name: gambas.name, unit_price: gambas.price, quantity: 2, modifiers: [] },
]);

for (const w of WIDTHS) {
  // (1) The board: the paid order cancelled, its refund's state.
  await screen('01-refund-board', w, owner, async (page, snap) => {
    await page.goto('/pedidos?cliente_id=1');
    await page.locator('details.board-closed summary').first().click();
    const card = page.locator('[data-testid="order-card"]').filter({ hasText: `Carmen Reembolso ${tag}` }).first();
    await card.waitFor();
    await settle(page);
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(200);
    await snap();
  });

  // (2) The diner's page of a paid pickup order.
  await screen('02-pickup-order', w, null, async (page, snap) => {
    await page.goto(`/pedido/${pickup.pedido_id}?t=${pickup.token}&menu=1`);
    await page.getByTestId('order-status').first().waitFor();
    await settle(page);
    await snap();
    if (w === 390) {
      // The rest of the order's card: where to go and whom to call.
      await page.evaluate(() => window.scrollBy(0, 520));
      await page.waitForTimeout(200);
      await snap('-place');
    }
  });

  // (3) The board's card of a new paid order (time and age).
  await screen('03-kitchen-card', w, owner, async (page, snap) => {
    await page.goto('/pedidos?cliente_id=1');
    const card = page.locator('[data-testid="order-card"]').filter({ hasText: `Ana Recoge ${tag}` }).first();
    await card.waitFor();
    await settle(page);
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(200);
    await snap();
  });

  // (4) The owner's panel: the staff navigation (and the phone's drawer open).
  await screen('04-staff-nav', w, owner, async (page, snap) => {
    await page.goto('/dashboard/1');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await settle(page);
    await snap();
    if (w === 390) {
      const button = page.getByRole('button', { name: 'Secciones', exact: true });
      if (await button.count()) {
        await button.click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(400);
      } else {
        // Before: no drawer; the row of pills, scrolled sideways to its end.
        await page.evaluate(() => {
          for (const el of document.querySelectorAll('nav, nav *, header *')) {
            const x = getComputedStyle(el).overflowX;
            if ((x === 'auto' || x === 'scroll') && el.scrollWidth > el.clientWidth + 20) el.scrollLeft = el.scrollWidth;
          }
        });
        await page.waitForTimeout(300);
      }
      await snap('-drawer');
    }
  });

  // (5) A new restaurant's panel (the super admin opens it): the first-run checklist.
  await screen('05-first-run', w, admin, async (page, snap) => {
    await page.goto(`/super-admin/dashboard/${nuevo.id}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await settle(page);
    const steps = page.locator('.first-steps');
    if (await steps.count()) {
      await steps.first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -24));
    }
    await page.waitForTimeout(200);
    await snap();
  });

  // (6) The super admin's restaurant table.
  await screen('06-superadmin-table', w, admin, async (page, snap) => {
    await page.goto('/super-admin/dashboard');
    await page.locator('table').first().waitFor();
    await settle(page);
    await page.locator('table').first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -80));
    await page.waitForTimeout(200);
    await snap();
  });

  // (7) 'Clientes', searched for this run's two guests.
  await screen('07-customers-guests', w, owner, async (page, snap) => {
    await page.goto('/customer?cliente_id=1');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await settle(page);
    const search = page.getByRole('searchbox').or(page.getByLabel(/Buscar/)).first();
    if (await search.count()) {
      await search.fill(tag);
      await settle(page);
      // On a phone the rows start below the page's notes: the search box at the top.
      if (w === 390) await search.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(200);
    }
    await snap();
  });

  // (8) 'Ordena en Línea' with two items in the cart: the bottom bar, a card with 'Agregar' and 'Personalizar'.
  await screen(
    '08-order-online',
    w,
    null,
    async (page, snap) => {
      await page.goto('/ordenar-en-linea/1');
      await page.getByRole('heading', { level: 1, name: 'Ordena en Línea' }).waitFor();
      await page.getByText(firstProduct.name).first().waitFor();
      await settle(page);
      await page.getByText(firstProduct.name).first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.waitForTimeout(300);
      await snap();
      // 'Agregar' on a product without options: the toast and the cart button.
      await page.getByRole('tab', { name: 'Del Mar' }).click();
      const add = page.getByRole('button', { name: /^Agregar/ }).first();
      await add.waitFor();
      await add.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await add.click();
      await page.waitForTimeout(500);
      await snap('-added');
    },
    { cart_1: cart },
  );

  // (9) The checkout: the pickup day and time, the total by 'Pagar con Clover'.
  await screen(
    '09-checkout',
    w,
    null,
    async (page, snap) => {
      await page.goto('/checkout/1');
      await page.getByRole('heading', { level: 1, name: 'Finalizar Pedido' }).waitFor();
      await page.getByLabel('Nombre', { exact: true }).fill('Ana Pérez');
      await page.getByLabel('Correo electrónico', { exact: true }).fill('ana@ejemplo.test');
      await settle(page);
      const pay = page.getByRole('button', { name: /Pagar con Clover/ }).first();
      await pay.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await page.evaluate(() => window.scrollBy(0, 40));
      await page.waitForTimeout(300);
      await snap();
    },
    { cart_1: cart },
  );
}

await browser.close();
await api.dispose();
