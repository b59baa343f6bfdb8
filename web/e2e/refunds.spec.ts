import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import {
  createOffer,
  dinerPurchases,
  dinerLogin,
  mailsTo,
  offerInput,
  placePaidOrder,
  registerDemoCard,
  registerDiner,
  signInStaff,
  soldOutPayment,
  staffLogin,
  syncCatalog,
  unique,
} from './api';

// Refunds in one click (issue 27, item 1): the demo restaurant's board refunds a paid order as it
// cancels it, and the super admin refunds a coupon payment owed back from the refunds list; the
// diner's order page and e-mails say so. Spanish and English, at 390 and 1280 px.

const SHOTS = '/tmp/shots27-refund/after';
const WIDTHS = [390, 1280] as const;

const T = {
  es: {
    live: 'En vivo',
    cancel: 'Cancelar pedido',
    reason: 'Motivo de la cancelación',
    closed: /^Entregados y cancelados/,
    dialogNote: 'Al cancelar, se reembolsarán $97.43 a la tarjeta del cliente.',
    notice: /^Pedido #(\d+) cancelado y reembolsado \(\$97\.43\)\.$/,
    refunded: 'Reembolsado: $97.43 devueltos a la tarjeta del cliente.',
    dinerRefunded: 'El pago fue reembolsado.',
    orderMail: (n: string) => `Reembolso de tu pedido #${n} — La Cava Demo`,
    orderMailText: 'Te reembolsamos $97.43 en la tarjeta con la que pagaste.',
    couponsTitle: 'Pagos por reembolsar',
    owed: 'Reembolso pendiente: $21.00.',
    refund: (title: string) => `Reembolsar $21.00 — ${title}`,
    couponTitle: (id: number, titulo: string) => `Compra #${id}: ${titulo}`,
    couponRefunded: 'Reembolsado: $21.00 devueltos a la tarjeta del cliente.',
    couponMail: (titulo: string) => `Te reembolsamos tu pago: ${titulo}`,
    ordersTitle: 'Pedidos por reembolsar',
  },
  en: {
    live: 'Live',
    cancel: 'Cancel order',
    reason: 'Reason for the cancellation',
    closed: /^Picked up and cancelled/,
    dialogNote: "Cancelling refunds $97.43 to the customer's card.",
    notice: /^Order #(\d+) cancelled and refunded \(\$97\.43\)\.$/,
    refunded: "Refunded: $97.43 back to the customer's card.",
    dinerRefunded: 'Your payment was refunded.',
    orderMail: (n: string) => `Refund of your order #${n} — La Cava Demo`,
    orderMailText: 'We refunded $97.43 to the card you paid with.',
    couponsTitle: 'Payments to refund',
    owed: 'Refund pending: $21.00.',
    refund: (title: string) => `Refund $21.00 — ${title}`,
    couponTitle: (id: number, titulo: string) => `Purchase #${id}: ${titulo}`,
    couponRefunded: "Refunded: $21.00 back to the customer's card.",
    couponMail: (titulo: string) => `We refunded your payment: ${titulo}`,
    ordersTitle: 'Orders to refund',
  },
} as const;

async function fits(page: Page, width: number) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `nothing wider than ${width} px`).toBeLessThanOrEqual(0);
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test.beforeEach(async ({ request }) => {
  // The online menu is the POS catalogue: make sure restaurant 1's is imported.
  await syncCatalog(request, await staffLogin(request, accounts.owner), 1);
});

for (const lang of ['es', 'en'] as const) {
  for (const width of WIDTHS) {
    test(`cancelling a paid order on the board refunds it in one click; the diner's page and e-mail say so (${lang}, ${width} px)`, async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const tx = T[lang];
      await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
      await signInStaff(context, request, accounts.owner, baseURL!);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/pedidos?cliente_id=1');
      await expect(page.getByText(tx.live, { exact: true })).toBeVisible();

      const nombre = unique('Reembolso');
      const email = `${unique('refund').toLowerCase()}@e2e.test`;
      const order = await placePaidOrder(request, nombre, '', { lang, email });
      const card = page.getByTestId('order-card').filter({ hasText: nombre });
      await expect(card).toBeVisible({ timeout: 5_000 });

      await card.getByRole('button', { name: tx.cancel }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(tx.dialogNote);
      await page.screenshot({ path: `${SHOTS}/e2e-cancel-dialog-${lang}-${width}.png`, fullPage: true });
      await dialog.getByLabel(tx.reason).fill('Se acabó el chuletón');
      await dialog.getByRole('button', { name: tx.cancel }).click();
      await expect(dialog).toBeHidden();

      // One click: cancelled and refunded.
      const notice = page.getByText(tx.notice);
      await expect(notice).toBeVisible();
      const numero = tx.notice.exec((await notice.textContent()) ?? '')![1];
      await page.getByText(tx.closed).click();
      const cancelled = page.getByTestId('column-cancelado').getByTestId('order-card').filter({ hasText: nombre });
      const state = cancelled.getByTestId('refund-state');
      await expect(state).toContainText(tx.refunded);
      await expect(state.getByRole('button')).toHaveCount(0);
      await cancelled.scrollIntoViewIfNeeded();
      await fits(page, width);
      await page.screenshot({ path: `${SHOTS}/e2e-board-refunded-${lang}-${width}.png`, fullPage: true });

      // The diner's order page says the payment was refunded.
      await page.goto(`/pedido/${order.pedidoId}?t=${order.token}&menu=1`);
      await expect(page.getByTestId('order-cancelled').last()).toHaveText(tx.dinerRefunded);
      await fits(page, width);
      await page.screenshot({ path: `${SHOTS}/e2e-order-page-refunded-${lang}-${width}.png`, fullPage: true });

      // …and so does the e-mail, in the order's language.
      const mails = await mailsTo(request, await staffLogin(request, accounts.superAdmin), email);
      const refund = mails.find((m) => m.kind === 'refunded');
      expect(refund?.subject).toBe(tx.orderMail(numero));
      expect(refund?.text).toContain(tx.orderMailText);
    });
  }
}

for (const lang of ['es', 'en'] as const) {
  for (const width of WIDTHS) {
    test(`the super admin refunds a coupon payment owed back from the refunds list (${lang}, ${width} px)`, async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const tx = T[lang];
      const staff = await staffLogin(request, accounts.owner);
      await registerDemoCard(request, staff, 1);
      const input = offerInput('reemb', { cantidad_disponible: 1 });
      const offer = await createOffer(request, staff, 1, input);
      const late = await registerDiner(request, { nombre: 'Tardía Comensal' });
      const first = await registerDiner(request, { nombre: 'Primera Comensal' });
      const owed = await soldOutPayment(request, late, first, offer.id, lang);

      await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
      await signInStaff(context, request, accounts.superAdmin, baseURL!);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/super-admin');
      const section = page.getByRole('region', { name: tx.couponsTitle });
      const title = tx.couponTitle(owed.compraId, input.titulo);
      const card = section.getByTestId('refund-card').filter({ hasText: title });
      await expect(card).toContainText(tx.owed);
      await expect(card).toContainText(late.email);
      await card.scrollIntoViewIfNeeded();
      await fits(page, width);
      await page.screenshot({ path: `${SHOTS}/e2e-superadmin-owed-${lang}-${width}.png`, fullPage: true });

      await card.getByRole('button', { name: tx.refund(title) }).click();
      await expect(card.getByTestId('refund-state')).toContainText(tx.couponRefunded);
      await expect(card.getByRole('button')).toHaveCount(0);
      await fits(page, width);
      await page.screenshot({ path: `${SHOTS}/e2e-superadmin-refunded-${lang}-${width}.png`, fullPage: true });
      // The orders' list is there too, with the same cards.
      await expect(page.getByRole('heading', { name: tx.ordersTitle })).toBeVisible();

      // The diner is told, and their purchases say so.
      const mails = await mailsTo(request, await staffLogin(request, accounts.superAdmin), late.email);
      expect(mails.find((m) => m.kind === 'refunded')?.subject).toBe(tx.couponMail(input.titulo));
      const purchases = await dinerPurchases(request, await dinerLogin(request, late));
      expect(purchases.find((c) => c.id === owed.compraId)).toMatchObject({ reembolso: 'reembolsado' });
    });
  }
}
