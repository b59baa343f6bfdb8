import { accounts, expect, test } from './fixtures';
import { placePaidOrder, signInStaff, staffLogin, syncCatalog, unique } from './api';

// The kitchen's board (issue 12): a paid order shows up live, is
// acknowledged and moved along; another restaurant's owner sees nothing.

const SHOTS = '/tmp/shots-board';

test.beforeEach(async ({ request }) => {
  // The online menu is the POS catalogue: make sure restaurant 1's is imported.
  await syncCatalog(request, await staffLogin(request, accounts.owner), 1);
});

test('a paid order appears on the open board without a reload; the owner accepts and starts it in one tap and moves it to ready (es)', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signInStaff(context, request, accounts.owner, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/pedidos?cliente_id=1');
  await expect(page.getByRole('heading', { name: 'Pedidos en línea' })).toBeVisible();
  await expect(page.getByText('En vivo')).toBeVisible();
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });

  const nombre = unique('Cliente');
  await placePaidOrder(request, nombre, 'Sin sal, por favor');
  const card = page.getByTestId('order-card').filter({ hasText: nombre });
  await expect(card).toBeVisible({ timeout: 5_000 });
  expect(navigations).toEqual([]);
  await expect(card).toHaveClass(/order-card--new/);
  await expect(card).toContainText('2 × Chuletón de Res');
  await expect(card).toContainText('Al punto');
  await expect(card).toContainText('Nota: Sin sal, por favor');
  await expect(page.getByTestId('column-recibido').getByTestId('order-card').filter({ hasText: nombre })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/board-new-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/board-new-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // One tap (the default) acknowledges it and starts it; only the legal moves are offered.
  await expect(card.getByRole('button', { name: /Visto/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Entregado' })).toHaveCount(0);
  await card.getByRole('button', { name: /^Aceptar e iniciar el pedido #\d+$/ }).click();
  await expect(card).not.toHaveClass(/order-card--new/);
  await expect(page.getByTestId('column-en_preparacion').getByTestId('order-card').filter({ hasText: nombre })).toBeVisible();
  await card.getByRole('button', { name: 'Listo para recoger' }).click();
  const ready = page.getByTestId('column-listo').getByTestId('order-card').filter({ hasText: nombre });
  await expect(ready).toBeVisible();
  await expect(ready.getByRole('button', { name: 'Entregado' })).toBeVisible();

  // A reload shows the same state: the server has it.
  await page.reload();
  await expect(page.getByTestId('column-listo').getByTestId('order-card').filter({ hasText: nombre })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/board-ready-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/board-ready-390.png`, fullPage: true });
});

test('the same flow in English with the two steps chosen, and cancelling asks for a reason', async ({ page, context, request, baseURL }) => {
  await signInStaff(context, request, accounts.owner, baseURL!);
  // The owner unticks 'Accept and start in one tap' on 'Order settings' (put back after).
  const staff = await staffLogin(request, accounts.owner);
  const headers = { Authorization: `Bearer ${staff.token}` };
  const config = (await (await request.get('/api/clientes/1/pedidos/config', { headers })).json()) as Record<string, unknown>;
  await page.goto('/pedidos/ajustes?cliente_id=1');
  await page.getByRole('button', { name: 'English' }).click();
  const oneTap = page.getByLabel('Accept and start in one tap');
  await expect(oneTap).toBeChecked();
  await oneTap.uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Ordering settings saved.')).toBeVisible();
  try {
    await page.goto('/pedidos?cliente_id=1');
    await expect(page.getByRole('heading', { name: 'Online orders' })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();

    const nombre = unique('Guest');
    await placePaidOrder(request, nombre);
    const card = page.getByTestId('order-card').filter({ hasText: nombre });
    await expect(card).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole('alert').filter({ hasText: /new order/ })).toBeVisible();
    await expect(card.getByRole('button', { name: /Accept and start/ })).toHaveCount(0);
    await card.getByRole('button', { name: /^Seen: order #\d+$/ }).click();
    await expect(card).not.toHaveClass(/order-card--new/);
    await card.getByRole('button', { name: 'Start preparing' }).click();
    await card.getByRole('button', { name: 'Ready for pickup' }).click();
    await expect(page.getByTestId('column-listo').getByTestId('order-card').filter({ hasText: nombre })).toBeVisible();
  } finally {
    await request.put('/api/clientes/1/pedidos/config', { headers, data: config });
  }

  // A second order is cancelled: the reason is required, and the demo's payment is refunded in the same click.
  const other = unique('Guest');
  await placePaidOrder(request, other);
  const second = page.getByTestId('order-card').filter({ hasText: other });
  await expect(second).toBeVisible({ timeout: 5_000 });
  await second.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText("Cancelling refunds $97.43 to the customer's card.");
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter the reason for the cancellation.');
  await dialog.getByLabel('Reason for the cancellation').fill('Out of steak');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Order #\d+ cancelled and refunded \(\$97\.43\)\.$/)).toBeVisible();
  await page.getByText(/^Picked up and cancelled/).click();
  const cancelled = page.getByTestId('column-cancelado').getByTestId('order-card').filter({ hasText: other });
  await expect(cancelled).toContainText('Out of steak');
  await expect(cancelled.getByTestId('refund-state')).toContainText("Refunded: $97.43 back to the customer's card.");
  await expect(cancelled.getByRole('button', { name: /Mark as refunded/ })).toHaveCount(0);
  // The server deletes its copy from the restaurant's point of sale (the demo POS here).
  await expect(cancelled.getByTestId('pos-cancel')).toHaveText('Also cancelled in the point of sale.');
});

test('the ordering settings save and the board follows the pause', async ({ page, context, request, baseURL }) => {
  await signInStaff(context, request, accounts.owner, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/1');
  await page.getByRole('link', { name: 'Ajustes de pedidos' }).click();
  await expect(page.getByRole('heading', { name: 'Ajustes de pedidos en línea' })).toBeVisible();
  await page.getByLabel('Tiempo de preparación (minutos)').fill('300');
  await page.getByRole('button', { name: 'Guardar ajustes' }).click();
  await expect(page.getByRole('alert')).toHaveText('El tiempo de preparación debe estar entre 0 y 240 minutos.');
  await page.screenshot({ path: `${SHOTS}/settings-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/settings-390.png`, fullPage: true });
  await page.getByLabel('Tiempo de preparación (minutos)').fill('25');
  await page.getByRole('button', { name: 'Guardar ajustes' }).click();
  await expect(page.getByText('Ajustes de pedidos guardados.')).toBeVisible();

  await page.getByRole('link', { name: 'Ver el tablero de pedidos' }).click();
  await page.getByRole('button', { name: 'Pausar pedidos 30 minutos' }).click();
  await expect(page.getByText(/Pedidos pausados hasta las/)).toBeVisible();
  await page.getByRole('button', { name: 'Reanudar pedidos' }).click();
  await expect(page.getByRole('button', { name: 'Pausar pedidos 30 minutos' })).toBeVisible();
});

test("another restaurant's owner cannot see restaurant 1's board", async ({ page, context, request, baseURL }) => {
  await placePaidOrder(request, unique('Privado'));
  await signInStaff(context, request, accounts.owner2, baseURL!);
  await page.goto('/pedidos?cliente_id=1');
  await expect(page.getByRole('alert')).toHaveText('No tienes permiso para ver este restaurante.');
  await expect(page.getByTestId('order-card')).toHaveCount(0);
  const res = await request.get('/api/clientes/1/pedidos', {
    headers: { Authorization: `Bearer ${(await staffLogin(request, accounts.owner2)).token}` },
  });
  expect(res.status()).toBe(403);
});

test('the owner turns the alert sound on, silences it for new orders and turns it on again', async ({ page, context, request, baseURL }) => {
  // Count the beeps: each is two oscillators of the page's Web Audio context.
  await page.addInitScript(() => {
    const w = window as unknown as { beeps: number };
    w.beeps = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.beeps += 1;
      return create.call(this);
    };
  });
  const beeps = () => page.evaluate(() => (window as unknown as { beeps: number }).beeps);
  await signInStaff(context, request, accounts.owner, baseURL!);
  await page.goto('/pedidos?cliente_id=1');
  await expect(page.getByText('En vivo')).toBeVisible();
  // The browser may keep audio blocked until a click ('Activar sonido'), or allow it at once.
  const control = page.getByRole('button', { name: /^(Activar sonido|Silenciar)$/ });
  if ((await control.textContent()) === 'Activar sonido') await control.click();
  await expect(page.getByText('Sonido activado')).toBeVisible();

  await page.getByRole('button', { name: 'Silenciar' }).click();
  await expect(page.getByText('Sonido silenciado')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/board-muted-390.png` });
  const silent = await beeps();
  const nombre = unique('Cliente');
  await placePaidOrder(request, nombre, '');
  await expect(page.getByTestId('order-card').filter({ hasText: nombre })).toBeVisible({ timeout: 5_000 });
  expect(await beeps()).toBe(silent);

  await page.getByRole('button', { name: 'Activar sonido' }).click();
  await expect(page.getByText('Sonido activado')).toBeVisible();
  await expect.poll(beeps).toBeGreaterThan(silent); // the quiet confirmation, then the new order's beeps
});
