import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { registerDiner, signInStaff, staffLogin, unique } from './api';

// The owner's 'Clientes' page, in Spanish and in English: opened from the
// panel's navigation, it lists the diners who registered through the
// restaurant's menu, searches them, shows contact details only with the
// diner's consent and exports the contactable ones as CSV.

const TEXTS = {
  es: {
    nav: 'Secciones del panel',
    link: 'Clientes',
    search: 'Buscar por nombre o correo',
    one: '1 cliente coincide con la búsqueda',
    two: '2 clientes coinciden con la búsqueda',
    noContact: 'Sin permiso de contacto',
    export: 'Exportar CSV',
    header: 'nombre,email,teléfono,última visita,cupones,puntos,pedidos,tipo',
    account: 'cuenta',
  },
  en: {
    nav: 'Panel sections',
    link: 'Customers',
    search: 'Search by name or e-mail',
    one: '1 customer matches the search',
    two: '2 customers match the search',
    noContact: 'No permission to contact',
    export: 'Export CSV',
    header: 'name,e-mail,phone,last visit,coupons,points,orders,type',
    account: 'account',
  },
} as const;

/** A diner of restaurant 1 who declined e-mails and WhatsApp messages. */
async function registerUncontactable(request: APIRequestContext, nombre: string) {
  const email = `${unique('nocontact').toLowerCase()}@e2e.test`;
  const res = await request.post('/api/usuarios/registro', {
    data: { nombre, email, telefono: '5551112222', password: 'e2e-Diner-pass-123', cliente_id: 1, suscrito_mailing: false, whatsapp_notificaciones: false },
  });
  await expect(res).toBeOK();
  return email;
}

for (const lang of ['es', 'en'] as const) {
  const t = TEXTS[lang];

  test(`[${lang}] the owner finds a new diner in Clientes, searches and exports the CSV`, async ({ page, context, request, baseURL }) => {
    const tag = unique('Clt');
    const diner = await registerDiner(request, { nombre: `Clara ${tag}`, consent: true });
    const hiddenEmail = await registerUncontactable(request, `Nico ${tag}`);
    // A diner of the other restaurant never shows on restaurant 1's page.
    await registerDiner(request, { nombre: `Tere ${tag}`, clienteId: 2 });

    await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    await signInStaff(context, request, accounts.owner, baseURL!);
    await page.goto('/dashboard/1');
    await page.getByRole('navigation', { name: t.nav }).getByRole('link', { name: t.link, exact: true }).click();
    await expect(page).toHaveURL(/\/customer\?cliente_id=1$/);
    await expect(page.getByRole('heading', { name: t.link, level: 1 })).toBeVisible();

    // The newest visit first: the diners just registered lead the list.
    const rows = page.getByTestId('customer-row');
    await expect(rows.filter({ hasText: `Clara ${tag}` })).toBeVisible();

    await page.getByLabel(t.search).fill(tag);
    await expect(page.getByText(t.two)).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: `Tere ${tag}` })).toHaveCount(0);
    const clara = rows.filter({ hasText: `Clara ${tag}` });
    await expect(clara.getByRole('link', { name: diner.email })).toHaveAttribute('href', `mailto:${diner.email}`);
    const nico = rows.filter({ hasText: `Nico ${tag}` });
    await expect(nico).toContainText(t.noContact);
    await expect(nico).not.toContainText(hiddenEmail);

    // The export: the contactable diners of the search only.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.export }).click()]);
    expect(download.suggestedFilename()).toBe('clientes-1.csv');
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(t.header);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^Clara ${tag},${diner.email},5550000000,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},0,0,0,${t.account}$`));
    expect(csv).not.toContain(hiddenEmail);
    expect(csv).not.toContain(`Nico ${tag}`);

    await page.getByLabel(t.search).fill(`Clara ${tag}`);
    await expect(page.getByText(t.one)).toBeVisible();
    await expect(rows).toHaveCount(1);
  });
}

test("another restaurant's owner cannot read restaurant 1's diners", async ({ request }) => {
  const owner2 = await staffLogin(request, accounts.owner2);
  const res = await request.get('/api/clientes/1/usuarios.csv', { headers: { Authorization: `Bearer ${owner2.token}` } });
  expect(res.status()).toBe(403);
});
