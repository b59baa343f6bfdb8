import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { placePaidOrder, signInStaff, staffLogin, syncCatalog, unique } from './api';

// Issue 27, items 2 and 3: the diner's order page says where (address, directions, a tel: link)
// and what to say at the counter (the number, large); the kitchen card shows when it was paid and
// a live age that turns amber then red (on the page's clock), and one tap accepts and starts a
// new order. Spanish and English, at 390 and 1280 px.

const SHOTS = '/tmp/shots27-kitchen/after';
const WIDTHS = [390, 1280] as const;
const ADDRESS = 'Calle Mayor 5, 28013 Madrid';
const PHONE = '+1 (555) 010-2000';

const T = {
  es: {
    counter: 'En el mostrador',
    say: 'Di tu número de pedido:',
    where: 'Dónde recoger',
    directions: /^Cómo llegar a /,
    call: `Llamar: ${PHONE}`,
    today: /^hoy, /,
    tomorrow: /^mañana, /,
    live: 'En vivo',
    paid: /Pagado a las/,
    age: (n: number) => `hace ${n} min`,
    amber: 'Por retrasarse',
    red: 'Retrasado',
    acceptStart: (n: number) => `Aceptar e iniciar el pedido #${n}`,
  },
  en: {
    counter: 'At the counter',
    say: 'Give your order number:',
    where: 'Where to pick up',
    directions: /^Directions to /,
    call: `Call: ${PHONE}`,
    today: /^today, /,
    tomorrow: /^tomorrow, /,
    live: 'Live',
    paid: /Paid at/,
    age: (n: number) => `${n} min ago`,
    amber: 'Nearly late',
    red: 'Late',
    acceptStart: (n: number) => `Accept and start order #${n}`,
  },
} as const;

type Json = Record<string, unknown>;

async function fits(page: Page, width: number) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `nothing wider than ${width} px`).toBeLessThanOrEqual(0);
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Restaurant 1's look-and-feel settings and ordering settings, changed for a test and put back after. */
async function withSettings(request: APIRequestContext, settings: Json, config: Json, run: () => Promise<void>) {
  const staff = await staffLogin(request, accounts.owner);
  const headers = { Authorization: `Bearer ${staff.token}` };
  const s = (await (await request.get('/api/configuraciones?cliente_id=1')).json()) as Json;
  const c = (await (await request.get('/api/clientes/1/pedidos/config', { headers })).json()) as Json;
  // The logo and the background change only by upload: everything else is sent back as it was.
  const editable = (x: Json) => {
    const rest = { ...x };
    delete rest.logo;
    delete rest.backgroundImage;
    return { ...rest, cliente_id: 1 };
  };
  await expect(await request.post('/api/configuraciones', { headers, data: { ...editable(s), ...settings } })).toBeOK();
  await expect(await request.put('/api/clientes/1/pedidos/config', { headers, data: { ...c, ...config } })).toBeOK();
  try {
    await run();
  } finally {
    await request.post('/api/configuraciones', { headers, data: editable(s) });
    await request.put('/api/clientes/1/pedidos/config', { headers, data: c });
  }
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test.beforeEach(async ({ request }) => {
  await syncCatalog(request, await staffLogin(request, accounts.owner), 1);
});

for (const lang of ['es', 'en'] as const) {
  for (const width of WIDTHS) {
    test(`the pickup page says where and who: address, directions, tel:, the day, the number large (${lang}, ${width} px)`, async ({
      page,
      context,
      request,
    }) => {
      const tx = T[lang];
      await withSettings(request, { direccion: ADDRESS, telefono_contacto: PHONE, ubicacion_google_maps: '' }, {}, async () => {
        const order = await placePaidOrder(request, unique('Recoge'), '', { lang });
        await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.goto(`/pedido/${order.pedidoId}?t=${order.token}&menu=1`);

        const counter = page.getByTestId('order-counter');
        await expect(counter).toContainText(tx.counter);
        await expect(counter).toContainText(tx.say);
        const number = page.getByTestId('order-number');
        await expect(number).toHaveText(/^#\d+$/);
        const size = await number.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        expect(size, 'the order number is large').toBeGreaterThanOrEqual(40);
        // 'today', unless the order was placed just before midnight in the restaurant's zone and
        // its pickup (as soon as possible) falls after it: the day is the pickup's, not the clock's.
        const tracking = (await (await request.get(`/api/pedidos/${order.pedidoId}?t=${order.token}`)).json()) as { recoger_at: number; zona_horaria: string };
        const day = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tracking.zona_horaria }).format(new Date(t));
        await expect(page.getByTestId('order-pickup')).toHaveText(day(tracking.recoger_at * 1000) === day(Date.now()) ? tx.today : tx.tomorrow);

        const place = page.getByTestId('order-place');
        await expect(place).toContainText(ADDRESS);
        const directions = page.getByRole('link', { name: tx.directions });
        await expect(directions).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.+Calle\+Mayor\+5%2C\+28013\+Madrid$/);
        await expect(directions).toHaveAttribute('target', '_blank');
        const call = page.getByRole('link', { name: tx.call });
        await expect(call).toHaveAttribute('href', 'tel:+15550102000');
        await fits(page, width);
        await page.screenshot({ path: `${SHOTS}/e2e-pickup-page-${lang}-${width}.png`, fullPage: true });
        if (width === 390) await axe(page);
      });
    });
  }
}

for (const lang of ['es', 'en'] as const) {
  for (const width of WIDTHS) {
    test(`the kitchen card shows its paid time and a live age, amber then red on the page's clock; one tap accepts and starts (${lang}, ${width} px)`, async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      // Settings, a paid order, the board at two clocks, axe at 390 px and a tap: 15–33 s on a busy 2-core CI machine.
      test.slow();
      const tx = T[lang];
      await withSettings(request, {}, { aviso_ambar_min: 5, aviso_rojo_min: 10 }, async () => {
        await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
        await signInStaff(context, request, accounts.owner, baseURL!);
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        const nombre = unique('Cocina');
        const order = await placePaidOrder(request, nombre, '', { lang });
        // The board's clock, 7 minutes after the payment.
        await page.clock.install({ time: new Date(Date.now() + 7 * 60_000) });
        await page.goto('/pedidos?cliente_id=1');
        await expect(page.getByText(tx.live, { exact: true })).toBeVisible();
        const card = page.getByTestId('order-card').filter({ hasText: nombre });
        await expect(card).toBeVisible();
        const age = card.getByTestId('order-age');
        await expect(age).toContainText(tx.paid);
        await expect(age).toContainText(tx.age(7));
        await expect(card).toHaveAttribute('data-late', 'ambar');
        await expect(card.getByTestId('order-late')).toHaveText(tx.amber);
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/e2e-board-amber-${lang}-${width}.png`, fullPage: true });

        // Four minutes on: red, said in words.
        await page.clock.fastForward('04:00');
        await expect(age).toContainText(tx.age(11));
        await expect(card).toHaveAttribute('data-late', 'rojo');
        await expect(card.getByTestId('order-late')).toHaveText(tx.red);
        await fits(page, width);
        await page.screenshot({ path: `${SHOTS}/e2e-board-red-${lang}-${width}.png`, fullPage: true });
        if (width === 390) await axe(page);

        // One tap, the default: acknowledged and in preparation.
        const numero = Number((await card.locator('.order-card__number').textContent())?.replace(/\D/g, ''));
        expect(numero).toBeGreaterThan(0);
        await card.getByRole('button', { name: tx.acceptStart(numero) }).click();
        const started = page.getByTestId('column-en_preparacion').getByTestId('order-card').filter({ hasText: nombre });
        await expect(started).toBeVisible();
        await expect(started).not.toHaveClass(/order-card--new/);
        const staff = await staffLogin(request, accounts.owner);
        const boardNow = (await (await request.get('/api/clientes/1/pedidos', { headers: { Authorization: `Bearer ${staff.token}` } })).json()) as {
          pedidos: { id: number; estado: string; visto: boolean }[];
        };
        expect(boardNow.pedidos.find((p) => p.id === order.pedidoId)).toMatchObject({ estado: 'en_preparacion', visto: true });
      });
    });
  }
}
