import type { APIRequestContext, Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { signInStaff, staffLogin, unique } from './api';

// Issue 27, item 6: the super admin's table fits. At 1280 px it is as wide
// as the page, without sideways scrolling, every column (the point of sale
// too) and each row's 'Acciones' menu in view; at 390 px it is one card per
// restaurant and nothing is wider than the phone. 'Enviar Enlace' closes on
// success and leaves the link to copy; a second send asks before voiding the
// link just sent.

const SHOTS = '/tmp/shots27-platform27/e2e';

const TEXTS = {
  es: {
    title: 'Dashboard de Super Admin',
    search: 'Buscar',
    headers: ['ID', 'Restaurante', 'Merchant ID', 'Estado', 'Punto de venta', 'Próximo Pago', 'Acciones'],
    actions: 'Acciones',
    sendLink: 'Enviar Enlace',
    openPanel: 'Abrir panel',
    changeCountry: 'Cambiar país',
    connectPos: 'Conectar punto de venta',
    suspend: 'Suspender',
    notConnected: 'Sin conectar',
    pending: 'Pendiente',
    sent: (n: string, e: string) => `Correo enviado exitosamente. Enlace de ${n} enviado a ${e}.`,
    linkToCopy: 'Enlace para copiar',
    copy: 'Copiar enlace',
    copied: 'Enlace copiado.',
    unused: /^Enlace sin usar hasta el /,
    question: '¿Enviar un enlace nuevo? El anterior dejará de funcionar.',
    keep: 'No, mantener el enlace',
    replace: 'Enviar enlace nuevo',
  },
  en: {
    title: 'Super Admin Dashboard',
    search: 'Search',
    headers: ['ID', 'Restaurant', 'Merchant ID', 'Status', 'Point of sale', 'Next Payment', 'Actions'],
    actions: 'Actions',
    sendLink: 'Send Link',
    openPanel: 'Open panel',
    changeCountry: 'Change country',
    connectPos: 'Connect point of sale',
    suspend: 'Suspend',
    notConnected: 'Not connected',
    pending: 'Pending',
    sent: (n: string, e: string) => `E-mail sent successfully. Link for ${n} sent to ${e}.`,
    linkToCopy: 'Link to copy',
    copy: 'Copy link',
    copied: 'Link copied.',
    unused: /^Unused link until /,
    question: 'Send a new link? The previous one will stop working.',
    keep: 'No, keep the link',
    replace: 'Send a new link',
  },
} as const;

type OutboxMessage = { id: number; to: string; text: string; kind: string };

/** The onboarding e-mails sent to email, newest first. */
async function onboardingMails(request: APIRequestContext, email: string): Promise<OutboxMessage[]> {
  const admin = await staffLogin(request, accounts.superAdmin);
  const res = await request.get('/api/admin/outbox', { headers: { Authorization: `Bearer ${admin.token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as OutboxMessage[]).filter((m) => m.kind === 'onboarding' && m.to === email).sort((a, b) => b.id - a.id);
}

/** A new restaurant with a long name, e-mail and Merchant ID, not connected to a point of sale. */
async function longRestaurant(request: APIRequestContext, tag: string) {
  const admin = await staffLogin(request, accounts.superAdmin);
  const nombre = `Restaurante con un nombre bastante largo ${tag}`;
  // Real e-mails can be one unbreakable word this long (no space, no hyphen): it must not widen the table.
  const email = `propietaria.del.restaurante.${tag.toLowerCase()}@restaurantesdeejemploconnombremuylargo.example.com`;
  const res = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { nombre, email, merchant_id: `M${tag}`.slice(0, 40) },
  });
  expect(res.status()).toBe(201);
  return { nombre, email };
}

/** Nothing is wider than the viewport. */
async function fitsTheViewport(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const lang of ['es', 'en'] as const) {
  const T = TEXTS[lang];

  test(`[${lang}] at 1280 px the table fits: every column, the point of sale and the actions menu in view`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const tag = unique(`T${lang}`);
    const r = await longRestaurant(request, tag);
    await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    await signInStaff(context, request, accounts.superAdmin, baseURL!);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/super-admin/dashboard');
    await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
    const table = page.getByRole('table');
    for (const name of T.headers) await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: r.nombre });
    await expect(row.getByRole('rowheader')).toContainText(r.nombre);
    await expect(row).toContainText(T.notConnected);
    await expect(row).toContainText(T.pending);
    await fitsTheViewport(page);
    // The table is the page's width: no scroll of its own, nothing cut off.
    expect(await table.evaluate((t) => t.scrollWidth - t.clientWidth)).toBeLessThanOrEqual(0);
    const button = row.getByRole('button', { name: `${T.actions}: ${r.nombre}` });
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    // The e-mail breaks, if at all, where a line may break: not in the middle of a word.
    const email = row.getByText(r.email);
    expect(await email.evaluate((e) => getComputedStyle(e).wordBreak)).toBe('normal');

    // The actions menu, by keyboard: opens on its first item, Escape gives the focus back.
    await button.focus();
    await page.keyboard.press('ArrowDown');
    const menu = row.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([T.sendLink, T.openPanel, T.changeCountry, T.connectPos, T.suspend]);
    await expect(menu.getByRole('menuitem', { name: T.sendLink })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: T.openPanel })).toBeFocused();
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(1280);
    await shot(page, `table-menu-${lang}-1280`);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await shot(page, `table-${lang}-1280`);
  });

  test(`[${lang}] at 390 px a card per restaurant, nothing wider than the phone, the menu inside it`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const tag = unique(`C${lang}`);
    const r = await longRestaurant(request, tag);
    await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    await signInStaff(context, request, accounts.superAdmin, baseURL!);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/super-admin/dashboard');
    await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: r.nombre });
    await expect(row).toBeVisible();
    // A card: the head of the table is not shown, each value carries its label.
    await expect(page.getByRole('columnheader', { name: T.headers[0], exact: true })).toBeHidden();
    await fitsTheViewport(page);
    for (const rowOnPage of await page.getByRole('row').all()) {
      const b = await rowOnPage.boundingBox();
      if (b) expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    await row.getByRole('button', { name: `${T.actions}: ${r.nombre}` }).click();
    const menu = row.getByRole('menu');
    await expect(menu).toBeVisible();
    const m = (await menu.boundingBox())!;
    expect(m.x).toBeGreaterThanOrEqual(0);
    expect(m.x + m.width).toBeLessThanOrEqual(390);
    await fitsTheViewport(page);
    await shot(page, `cards-menu-${lang}-390`);
  });

  test(`[${lang}] 'Enviar Enlace' closes on success, leaves the link to copy, and asks before voiding it`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.slow();
    const tag = unique(`L${lang}`);
    const r = await longRestaurant(request, tag);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    await signInStaff(context, request, accounts.superAdmin, baseURL!);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/super-admin/dashboard');
      await page.getByLabel(T.search, { exact: true }).fill(tag);
      await expect(page.getByRole('row').filter({ hasText: r.nombre })).toHaveCount(1);
      const row = page.getByRole('row').filter({ hasText: r.nombre });
      const before = (await onboardingMails(request, r.email)).length;

      await row.getByRole('button', { name: `${T.actions}: ${r.nombre}` }).click();
      await row.getByRole('menuitem', { name: T.sendLink }).click();
      let dialog = page.getByRole('dialog', { name: T.sendLink });
      await dialog.getByRole('button', { name: T.sendLink }).click();

      if (width === 390) {
        // First send: the dialog closes, the page shows the link to copy.
        await expect(dialog).toBeHidden();
        await expect(page.getByText(T.sent(r.nombre, r.email))).toBeVisible();
        const link = page.getByLabel(T.linkToCopy);
        const mails = await onboardingMails(request, r.email);
        expect(mails).toHaveLength(before + 1);
        expect(mails[0].text).toContain(await link.inputValue());
        await expect(page.getByRole('button', { name: T.copy })).toBeFocused();
        await page.getByRole('button', { name: T.copy }).click();
        await expect(page.getByText(T.copied)).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
        await expect(row.getByText(T.unused)).toBeVisible();
        await fitsTheViewport(page);
        await shot(page, `link-sent-${lang}-${width}`);
        continue;
      }

      // A second send, with the first link unused: asked first, and keeping it sends nothing.
      await expect(dialog.getByRole('alert')).toHaveText(T.question);
      await expect(dialog.getByRole('button', { name: T.keep })).toBeFocused();
      await shot(page, `link-ask-${lang}-${width}`);
      await dialog.getByRole('button', { name: T.keep }).click();
      await expect(dialog).toBeHidden();
      expect(await onboardingMails(request, r.email)).toHaveLength(before);

      // Asked again and confirmed: a new link, e-mailed, shown to copy.
      await row.getByRole('button', { name: `${T.actions}: ${r.nombre}` }).click();
      await row.getByRole('menuitem', { name: T.sendLink }).click();
      dialog = page.getByRole('dialog', { name: T.sendLink });
      await dialog.getByRole('button', { name: T.sendLink }).click();
      await dialog.getByRole('button', { name: T.replace }).click();
      await expect(dialog).toBeHidden();
      const mails = await onboardingMails(request, r.email);
      expect(mails).toHaveLength(before + 1);
      await expect(page.getByLabel(T.linkToCopy)).toHaveValue(/establecer-password\?/);
      expect(mails[0].text).toContain(await page.getByLabel(T.linkToCopy).inputValue());
      await fitsTheViewport(page);
      await shot(page, `link-replaced-${lang}-${width}`);
    }
  });
}

test('only the replacing link sets the password: the replaced one is refused', async ({ request }) => {
  const tag = unique('R');
  const r = await longRestaurant(request, tag);
  const merchant = `M${tag}`.slice(0, 40);
  const admin = await staffLogin(request, accounts.superAdmin);
  const send = (data: object) => request.post('/api/send-email', { headers: { Authorization: `Bearer ${admin.token}` }, data });
  const first = await send({ merchant_id: merchant, email: r.email });
  expect(first.status()).toBe(200);
  const firstLink = new URL(((await first.json()) as { enlace: string }).enlace);
  expect((await send({ merchant_id: merchant, email: r.email })).status()).toBe(409);
  const second = await send({ merchant_id: merchant, email: r.email, reemplazar: true });
  expect(second.status()).toBe(200);
  const secondLink = new URL(((await second.json()) as { enlace: string }).enlace);
  const setPassword = (link: URL) =>
    request.post('/api/establecer-password', {
      data: { merchant_id: merchant, email: r.email, new_password: 'una-clave-segura-27', token: link.searchParams.get('token') },
    });
  const refused = await setPassword(firstLink);
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: string }).error).toBe('El enlace no es válido o ha caducado. Pide a Carta un enlace nuevo.');
  expect((await setPassword(secondLink)).status()).toBe(200);
});
