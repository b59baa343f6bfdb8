import type { Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { signInStaff, staffLogin, syncCatalog, unique } from './api';
import { addSteak, texts } from './ordering-helpers';

// Issue 27, item 7: guests become customers. A guest who pays an online
// order on a phone appears in the owner's 'Clientes' marked as a guest:
// with their e-mail when they ticked 'Quiero recibir novedades…' at the
// checkout, without any contact when they did not. Registering with the
// guest's e-mail makes the restaurant see the account instead.

const SHOTS = '/tmp/shots27-platform27/e2e';

const TEXTS = {
  es: {
    box: 'Quiero recibir novedades de este restaurante por correo electrónico.',
    link: 'Clientes',
    nav: 'Secciones del panel',
    menu: 'Secciones',
    search: 'Buscar por nombre o correo',
    guest: 'Invitado',
    noContact: 'Sin permiso de contacto',
    orders: 'Pedidos',
  },
  en: {
    box: 'I want to receive news from this restaurant by e-mail.',
    link: 'Customers',
    nav: 'Panel sections',
    menu: 'Sections',
    search: 'Search by name or e-mail',
    guest: 'Guest',
    noContact: 'No permission to contact',
    orders: 'Orders',
  },
} as const;

test.beforeEach(async ({ request }) => {
  await syncCatalog(request, await staffLogin(request, accounts.owner), 1);
});

/** A guest on a phone orders the steak, ticks the box or not, and pays on the demo checkout. */
async function guestOrder(page: Page, lang: 'es' | 'en', nombre: string, email: string, tick: boolean) {
  const tx = texts[lang];
  await page.setViewportSize({ width: 390, height: 844 });
  await addSteak(page, tx);
  await page.getByRole('link', { name: tx.cart }).click();
  await page.getByRole('link', { name: tx.goToPay }).click();
  await expect(page.getByRole('heading', { level: 1, name: tx.checkoutTitle })).toBeVisible();
  await page.getByLabel(tx.name, { exact: true }).fill(nombre);
  await page.getByLabel(tx.email, { exact: true }).fill(email);
  const box = page.getByRole('checkbox', { name: TEXTS[lang].box });
  await expect(box).not.toBeChecked();
  if (tick) await box.check();
  await expect(page.getByTestId('quote-total')).toHaveText('$48.71');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  if (tick) await page.screenshot({ path: `${SHOTS}/checkout-box-${lang}-390.png`, fullPage: true });
  await page.getByRole('button', { name: tx.pay }).click();
  await expect(page).toHaveURL(/\/demo\/checkout\/demo_cs_/);
  await page.getByRole('button', { name: tx.demoPay, exact: true }).click();
  await expect(page.getByTestId('order-status')).toHaveText(tx.received);
}

for (const lang of ['es', 'en'] as const) {
  const T = TEXTS[lang];

  test(`[${lang}] guests who paid are in 'Clientes': with their e-mail only when they ticked the box`, async ({
    page,
    newContext,
    request,
    baseURL,
  }) => {
    test.slow();
    const tag = unique(`G${lang}`);
    const ticked = { nombre: `Gala ${tag}`, email: `gala-${tag.toLowerCase()}@e2e.test` };
    const unticked = { nombre: `Hugo ${tag}`, email: `hugo-${tag.toLowerCase()}@e2e.test` };
    await guestOrder(page, lang, ticked.nombre, ticked.email, true);
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await guestOrder(page, lang, unticked.nombre, unticked.email, false);

    const owner = await newContext({ baseURL });
    await owner.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    await signInStaff(owner, request, accounts.owner, baseURL!);
    const staff = await owner.newPage();
    for (const width of [1280, 390]) {
      await staff.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await staff.goto('/dashboard/1');
      // The panel's sections: the sidebar on a laptop, the drawer behind 'Secciones' on a phone.
      if (width === 390) {
        await staff.getByRole('button', { name: T.menu, exact: true }).click();
        await staff.getByRole('dialog').getByRole('link', { name: T.link, exact: true }).click();
      } else {
        await staff.getByRole('navigation', { name: T.nav }).getByRole('link', { name: T.link, exact: true }).click();
      }
      await staff.getByLabel(T.search).fill(tag);
      const rows = staff.getByTestId('customer-row');
      await expect(rows).toHaveCount(2);
      const gala = rows.filter({ hasText: ticked.nombre });
      const hugo = rows.filter({ hasText: unticked.nombre });
      await expect(gala.getByRole('rowheader')).toContainText(T.guest);
      await expect(hugo.getByRole('rowheader')).toContainText(T.guest);
      await expect(gala.getByRole('link', { name: ticked.email })).toHaveAttribute('href', `mailto:${ticked.email}`);
      await expect(hugo).toContainText(T.noContact);
      await expect(hugo).not.toContainText(unticked.email);
      await expect(gala.locator(`td[data-label="${T.orders}"]`)).toHaveText('1');
      await expect(gala).toContainText('$48.71');
      expect(await staff.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await staff.screenshot({ path: `${SHOTS}/customers-guests-${lang}-${width}.png`, fullPage: true });
    }

    // Gala registers with her e-mail (from the menu, not accepting e-mails):
    // the restaurant sees her account in the guest's place, without the guest's consent.
    const reg = await request.post('/api/usuarios/registro', {
      data: { nombre: `Gala Cuenta ${tag}`, email: ticked.email, password: 'e2e-Diner-pass-123', cliente_id: 1, suscrito_mailing: false },
    });
    expect(reg.status()).toBe(201);
    await staff.reload();
    await staff.getByLabel(T.search).fill(tag);
    const rows = staff.getByTestId('customer-row');
    await expect(rows).toHaveCount(2);
    const account = rows.filter({ hasText: `Gala Cuenta ${tag}` });
    await expect(account.getByRole('rowheader')).not.toContainText(T.guest);
    await expect(account).toContainText(T.noContact);
    await expect(account.locator(`td[data-label="${T.orders}"]`)).toHaveText('1');
  });
}
