import { accounts, expect, test } from './fixtures';
import { onlineProduct, registerDiner, signInDiner, signInStaff, staffLogin, syncCatalog, unique } from './api';

// Issue 32: a diner who chose WhatsApp for their order notices in 'Manejar Cuenta' places a pickup
// order; when the kitchen marks it ready, the 'pedido listo' WhatsApp message is queued — and with
// no WhatsApp provider configured (the demo channel) it stays pending in the super admin's outbox.

const texts = {
  es: {
    avisos: 'Avisos de mis pedidos',
    phone: 'Teléfono',
    save: 'Guardar cambios',
    saved: 'Cambios guardados.',
    outbox: 'Mensajes (bandeja de salida)',
    kind: 'Pedido listo',
    pending: 'En cola',
    text: /¡tu pedido #\d+ está listo para recoger!/,
  },
  en: {
    avisos: 'My order notices',
    phone: 'Phone',
    save: 'Save changes',
    saved: 'Changes saved.',
    outbox: 'Messages (outbox)',
    kind: 'Order ready',
    pending: 'Queued',
    text: /your order #\d+ is ready for pickup!/,
  },
} as const;

test.beforeEach(async ({ request }) => {
  await syncCatalog(request, await staffLogin(request, accounts.owner), 1);
});

for (const lang of ['es', 'en'] as const) {
  test(`a diner who chose WhatsApp: the order's 'ready' waits in the demo WhatsApp outbox (${lang})`, async ({ newContext, baseURL, request }) => {
    test.setTimeout(90_000);
    const tx = texts[lang];
    const diner = await registerDiner(request, { nombre: unique('Wanda') });
    // A phone no other test uses: the outbox row is this diner's.
    const phone = `+34 6${String(Date.now()).slice(-8)}`;
    const e164 = phone.replace(/ /g, '');

    // 'Manejar Cuenta': the notices by WhatsApp, with the phone.
    const dinerContext = await newContext({ baseURL });
    await dinerContext.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    const session = await signInDiner(dinerContext, request, diner, baseURL!);
    const page = await dinerContext.newPage();
    await page.goto('/usuario/cuenta?menu=1');
    const group = page.getByRole('group', { name: tx.avisos });
    await group.getByRole('radio', { name: 'WhatsApp' }).check();
    await page.getByLabel(tx.phone, { exact: true }).fill(phone);
    await page.getByRole('button', { name: tx.save }).click();
    await expect(page.getByText(tx.saved)).toBeVisible();

    // The diner's pickup order, paid.
    const steak = await onlineProduct(request, 1, 'Chuletón de Res');
    const placedRes = await request.post('/api/orders', {
      headers: { 'Accept-Language': lang, Authorization: `Bearer ${session.token}` },
      data: {
        cliente_id: 1,
        order_type: 'pickup',
        items: [{ product_id: steak.id, quantity: 1, modifier_ids: [steak.modifiers.get('Al punto'), steak.modifiers.get('Patatas fritas')] }],
        customer: { nombre: diner.nombre, email: diner.email, telefono: phone },
      },
    });
    expect(placedRes.ok(), await placedRes.text()).toBe(true);
    const placed = (await placedRes.json()) as { pedido_id: number; token: string; total: number };
    const paid = await request.post('/api/orders/1/pay', { data: { pedido_id: placed.pedido_id, token: placed.token, amount: placed.total } });
    expect(paid.ok(), await paid.text()).toBe(true);

    // The kitchen marks it ready (twice: the message exists once).
    const staff = await staffLogin(request, accounts.owner);
    for (const estado of ['en_preparacion', 'listo']) {
      const res = await request.put(`/api/pedidos/${placed.pedido_id}/estado`, {
        headers: { Authorization: `Bearer ${staff.token}` },
        data: { cliente_id: 1, estado },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }

    // The super admin's outbox: the WhatsApp 'pedido listo', pending (no provider: demo).
    const adminContext = await newContext({ baseURL });
    await adminContext.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    await signInStaff(adminContext, request, accounts.superAdmin, baseURL!);
    const admin = await adminContext.newPage();
    await admin.goto('/super-admin');
    const outbox = admin.getByRole('region', { name: tx.outbox });
    // Its confirmation went there too; the 'ready' is one row.
    const rows = outbox.getByRole('row').filter({ hasText: e164 }).filter({ hasText: tx.kind });
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole('cell', { name: 'WhatsApp', exact: true })).toBeVisible();
    await expect(rows.getByRole('cell', { name: tx.kind, exact: true })).toBeVisible();
    await expect(rows.getByRole('cell', { name: tx.pending, exact: true })).toBeVisible();
    await expect(rows.getByRole('cell', { name: tx.text })).toBeVisible();
  });
}
