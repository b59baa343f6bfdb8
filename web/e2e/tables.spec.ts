import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { accounts, expect, test } from './fixtures';
import { signInStaff, staffLogin, syncCatalog } from './api';

// Issue 31, the dining room end to end: two phones at one table order to
// its tab (pay at the end), the waiter accepts the new table on 'Mesas', the
// kitchen's board shows 'Mesa N' live, one phone pays its line with a 10 %
// tip, the other pays the rest, the tab closes and both phones lose it.
// In Spanish (table 7) and English (table 8); axe on the tab, the pay sheet
// and 'Mesas'; screenshots at 390 px.

const SHOTS = '/tmp/shots31/tables';

const T = {
  es: {
    switchTo: null,
    table: 'Mesa',
    meat: 'Carnes',
    customize: 'Personalizar: Chuletón de Res',
    add: /^Agregar ·/,
    cart: /Carrito de Compras: 1 producto$/,
    place: 'Pedir a la mesa',
    tabTitle: 'La cuenta',
    waiting: 'Esperando al mesero',
    received: 'Recibido',
    askBill: 'Pedir la cuenta',
    lines: 'Pagar por productos',
    all: /^Pagar todo/,
    noTip: 'Sin propina',
    payButton: /^Pagar /,
    demoPay: 'Pagar',
    remaining: /Quedan .* por pagar\./,
    tabPaid: 'Cuenta pagada. ¡Gracias!',
    closed: 'Esta cuenta ya está cerrada.',
  },
  en: {
    switchTo: 'English',
    table: 'Table',
    meat: 'Meat',
    customize: 'Customize: Rib Steak',
    add: /^Add ·/,
    cart: /Shopping Cart: 1 item$/,
    place: 'Order to the table',
    tabTitle: 'The bill',
    waiting: 'Waiting for the waiter',
    received: 'Received',
    askBill: 'Ask for the bill',
    lines: 'Pay by items',
    all: /^Pay everything/,
    noTip: 'No tip',
    payButton: /^Pay /,
    demoPay: 'Pay',
    remaining: /left to pay\./,
    tabPaid: 'Bill paid. Thank you!',
    closed: 'This tab is closed.',
  },
} as const;

type Texts = (typeof T)[keyof typeof T];

/** Restaurant 1's twelve tables, paid at the end, tips 10/15/20 % (15 suggested); the printed code of table numero. */
async function tableCode(request: APIRequestContext, numero: number): Promise<string> {
  const owner = await staffLogin(request, accounts.owner);
  await syncCatalog(request, owner, 1);
  const headers = { Authorization: `Bearer ${owner.token}` };
  const saved = await request.put('/api/clientes/1/mesas', {
    headers,
    data: {
      mesas: Array.from({ length: 12 }, (_, i) => ({ numero: i + 1, nombre: '' })),
      modo: 'al_final',
      propinas: { activo: true, porcentajes: [10, 15, 20], defecto: 15 },
      recoger_activo: true,
    },
  });
  expect(saved.status()).toBe(200);
  const mesas = ((await saved.json()) as { mesas: { numero: number; codigo: string }[] }).mesas;
  return mesas.find((m) => m.numero === numero)!.codigo;
}

/** A phone scans the table's QR, orders the steak to the table and lands on the tab. */
async function orderAtTable(page: Page, tx: Texts, code: string, numero: number) {
  await page.goto(`/mesa/1/${code}`);
  await expect(page).toHaveURL(/\/ordenar-en-linea\/1$/);
  if (tx.switchTo) await page.getByRole('button', { name: tx.switchTo }).click();
  await expect(page.getByTestId('table-badge')).toContainText(`${tx.table} ${numero}`);
  await page.getByRole('tab', { name: tx.meat }).click();
  await page.getByRole('button', { name: tx.customize }).click();
  const dialog = page.getByRole('dialog', { name: tx.customize });
  await dialog.getByRole('radio').nth(1).check();
  await dialog.getByRole('button', { name: tx.add }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: tx.cart }).click();
  await page.getByRole('button', { name: tx.place }).click();
  await expect(page).toHaveURL(/\/cuenta\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name: tx.tabTitle })).toBeVisible();
}

async function noAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

for (const [lang, numero] of [
  ['es', 7],
  ['en', 8],
] as const) {
  const tx = T[lang];
  test(`[${lang}] two phones at table ${numero} order and pay the tab, the waiter accepts it, the kitchen sees the table`, async ({
    page,
    newContext,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const code = await tableCode(request, numero);
    const label = `Mesa ${numero}`; // staff read the restaurant's Spanish

    // The kitchen's board and the waiter's 'Mesas', open before anyone orders.
    const kitchen = await newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    await signInStaff(kitchen, request, accounts.owner, baseURL!);
    const board = await kitchen.newPage();
    await board.goto('/pedidos?cliente_id=1');
    const floor = await newContext({ baseURL, viewport: { width: 390, height: 844 } });
    await signInStaff(floor, request, accounts.mesero, baseURL!);
    const mesas = await floor.newPage();
    await mesas.goto('/mesas?cliente_id=1');

    // Phone A orders: a new tab waits for the waiter, nothing reaches the kitchen.
    await page.setViewportSize({ width: 390, height: 844 });
    await orderAtTable(page, tx, code, numero);
    await expect(page.getByText(tx.waiting).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/tab-waiting-${lang}-390.png`, fullPage: true });
    await noAxeViolations(page);

    // The waiter accepts the table; the kitchen sees 'Mesa N' live.
    const card = mesas.getByTestId('tab-card').filter({ hasText: label });
    await card.getByRole('button', { name: 'Aceptar mesa' }).click();
    await expect(card.getByRole('button', { name: 'Aceptar mesa' })).toHaveCount(0);
    await mesas.screenshot({ path: `${SHOTS}/mesas-${lang}-390.png`, fullPage: true });
    await noAxeViolations(mesas);
    await expect(board.getByTestId('order-card').filter({ hasText: label })).toHaveCount(1);

    // Phone B scans the same table: it joins the tab and its order goes to the kitchen at once.
    const phoneB = await (await newContext({ baseURL, viewport: { width: 390, height: 844 } })).newPage();
    await orderAtTable(phoneB, tx, code, numero);
    await expect(phoneB.getByText(tx.received)).toHaveCount(2);
    await expect(board.getByTestId('order-card').filter({ hasText: label })).toHaveCount(2);

    // Phone A pays its own line with a 10 % tip.
    await page.reload();
    await page.getByRole('button', { name: tx.askBill }).click();
    await page.getByRole('radio', { name: tx.lines }).check();
    await page.getByRole('checkbox').first().check();
    const pay = page.getByRole('button', { name: tx.payButton });
    await expect(pay).toBeDisabled(); // no tip chosen yet: never added without the diner choosing
    await page.getByRole('radio', { name: /^10 %/ }).check();
    await page.screenshot({ path: `${SHOTS}/pay-sheet-${lang}-390.png`, fullPage: true });
    await noAxeViolations(page);
    await pay.click();
    await expect(page).toHaveURL(/\/demo\/checkout\/demo_cs_/);
    await page.getByRole('button', { name: tx.demoPay, exact: true }).click();
    await expect(page).toHaveURL(/\/cuenta\/\d+\/pago\/\d+/);
    await expect(page.getByText(tx.remaining)).toBeVisible();

    // Phone B pays the rest without a tip: the tab closes itself.
    await phoneB.reload();
    await phoneB.getByRole('button', { name: tx.askBill }).click();
    await phoneB.getByRole('radio', { name: tx.all }).check();
    await phoneB.getByRole('radio', { name: tx.noTip }).check();
    await phoneB.getByRole('button', { name: tx.payButton }).click();
    await phoneB.getByRole('button', { name: tx.demoPay, exact: true }).click();
    await expect(phoneB.getByText(tx.tabPaid)).toBeVisible();

    // Both phones have lost the tab; the waiter's list no longer has it.
    for (const phone of [page, phoneB]) {
      // The receipt's URL carries the tab and its token (?t=): the tab's page with it.
      const receipt = new URL(phone.url());
      const tab = receipt.pathname.replace(/\/pago\/\d+$/, '');
      await phone.goto(`${tab}?t=${receipt.searchParams.get('t')}`);
      await expect(phone.getByRole('alert')).toContainText(tx.closed);
    }
    await page.screenshot({ path: `${SHOTS}/tab-closed-${lang}-390.png`, fullPage: true });
    await expect(mesas.getByTestId('tab-card').filter({ hasText: label })).toHaveCount(0);
  });
}

test("a table's QR page comes with its reads: the table, the menu and the code are asked once, with the page", async ({ page, request }) => {
  const code = await tableCode(request, 5);
  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) reads.push(url.pathname + url.search);
  });
  const answer = await page.goto(`/mesa/1/${code}`);
  // The table's read is the URL's own: a Link header; the ordering page's are in the page.
  expect(answer!.headers()['link']).toBe(`</api/mesas/1/${code}>; rel=preload; as=fetch; crossorigin`);
  await expect(page).toHaveURL(/\/ordenar-en-linea\/1$/);
  await expect(page.getByTestId('table-badge')).toContainText('Mesa 5');
  await expect(page.getByRole('tab', { name: 'Carnes' })).toBeVisible();
  // A preload the app did not use would be asked a second time.
  for (const read of [`/api/mesas/1/${code}`, '/api/orders/clover_products_online?cliente_id=1&idioma=es', '/api/orders/config?cliente_id=1']) {
    expect(reads.filter((r) => r === read), read).toHaveLength(1);
  }
});

test('an old table code opens nothing but a message and the plain menu', async ({ page }) => {
  await page.goto('/mesa/1/este-codigo-no-existe-0123456789');
  await expect(page.getByRole('alert')).toContainText('Este código de mesa ya no es válido');
  await page.getByRole('link', { name: 'Ver la carta' }).click();
  await expect(page).toHaveURL(/\/menu\/1$/);
});
