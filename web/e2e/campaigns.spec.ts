import type { APIRequestContext } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { registerDiner, signInStaff, staffLogin, unique } from './api';

// 'Campañas' (issue 32), in Spanish and in English: the owner sends an
// e-mail campaign from the panel; it reaches the restaurant's diners who
// consented to e-mail and nobody else (the super admin's outbox shows it);
// a diner opens the unsubscribe link of their e-mail and unsubscribes; the
// next campaign does not reach them.

const TEXTS = {
  es: {
    nav: 'Secciones del panel',
    link: 'Campañas',
    name: 'Nombre',
    subject: 'Asunto',
    body: 'Texto del correo',
    reach: /Llega a \d+ clientes?/,
    preview: 'Vista previa',
    previewFor: /Así lo verá /,
    send: 'Enviar ahora',
    sending: 'Campaña en envío.',
    sent: 'Enviada',
    explain: /Dejarás de recibir correos de novedades de /,
    confirm: 'Darme de baja',
    done: /Listo: ya no recibirás correos de novedades de /,
  },
  en: {
    nav: 'Panel sections',
    link: 'Campaigns',
    name: 'Name',
    subject: 'Subject',
    body: 'E-mail text',
    reach: /Reaches \d+ customers?/,
    preview: 'Preview',
    previewFor: /How .+ will see it/,
    send: 'Send now',
    sending: 'Campaign sending.',
    sent: 'Sent',
    explain: /You will stop getting marketing e-mails from /,
    confirm: 'Unsubscribe me',
    done: /Done: you will no longer get marketing e-mails from /,
  },
} as const;

// The demo diners of restaurant 1 (internal/demo/diners.go): who accepted e-mails, who did not.
const CONSENTING = ['diego.morales@demo.test', 'lucia.fernandez@demo.test', 'marco.rossi@demo.test', 'valentina.ruiz@demo.test'];
const DECLINED = ['sofia.castillo@demo.test', 'james.oconnor@demo.test', 'ana.gutierrez@demo.test', 'roberto.diaz@demo.test'];

type Mail = { to: string; subject: string; text: string; unsubscribe_url: string; kind: string };

/** The outbox's campaign e-mails whose subject has tag (the super admin's outbox). */
async function campaignMails(request: APIRequestContext, tag: string): Promise<Mail[]> {
  const admin = await staffLogin(request, accounts.superAdmin);
  const res = await request.get('/api/admin/outbox', { headers: { Authorization: `Bearer ${admin.token}` } });
  await expect(res).toBeOK();
  return ((await res.json()) as Mail[]).filter((m) => m.kind === 'campana' && m.subject.includes(tag));
}

/** Waits until every campaign of restaurant 1 is sent (the job queued all its recipients). */
async function waitSent(request: APIRequestContext, token: string) {
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/clientes/1/campanas', { headers: { Authorization: `Bearer ${token}` } });
        return ((await res.json()) as { estado: string }[]).filter((c) => c.estado === 'programada' || c.estado === 'enviando').length;
      },
      { timeout: 20_000 },
    )
    .toBe(0);
}

const demo = (mails: Mail[]) => mails.map((m) => m.to).filter((to) => to.endsWith('@demo.test')).sort();

for (const lang of ['es', 'en'] as const) {
  const t = TEXTS[lang];

  test(`[${lang}] an owner's campaign reaches consenting diners only, and a diner unsubscribes from its link`, async ({ page, context, request, baseURL }) => {
    test.slow(); // diners registered, a campaign written and sent, its e-mails read, a link followed: ~16 s on a busy 2-core CI machine
    const tag = unique('Camp');
    const diner = await registerDiner(request, { nombre: `Clara ${tag}`, consent: true });
    const declined = await registerDiner(request, { nombre: `Nico ${tag}`, consent: false });

    await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    const owner = await signInStaff(context, request, accounts.owner, baseURL!);
    await page.goto('/dashboard/1');
    await page.getByRole('navigation', { name: t.nav }).getByRole('link', { name: t.link, exact: true }).click();
    await expect(page).toHaveURL(/\/campanas\?cliente_id=1$/);

    await page.getByLabel(t.name, { exact: true }).fill(`Campaña ${tag}`);
    await page.getByLabel(t.subject, { exact: true }).fill(`Novedades ${tag} para {nombre}`);
    await page.getByLabel(t.body, { exact: true }).fill('Esta semana: menú de temporada en {restaurante}.');
    await expect(page.getByTestId('audience-count')).toHaveText(t.reach);
    await page.getByRole('button', { name: t.preview, exact: true }).click();
    await expect(page.getByRole('heading', { name: t.previewFor })).toBeVisible();
    await page.getByRole('button', { name: t.send, exact: true }).click();
    await expect(page.getByText(t.sending)).toBeVisible();
    await waitSent(request, owner.token);
    await expect(page.getByTestId('campaign-row').filter({ hasText: `Campaña ${tag}` })).toContainText(t.sent, { timeout: 10_000 });

    // Exactly the consenting demo diners, and the new diner who consented; nobody who declined.
    const first = await campaignMails(request, tag);
    expect(demo(first)).toEqual(CONSENTING);
    const to = first.map((m) => m.to);
    expect(to).toContain(diner.email);
    expect(to).not.toContain(declined.email);
    for (const d of DECLINED) expect(to).not.toContain(d);
    const mine = first.find((m) => m.to === diner.email)!;
    expect(mine.subject).toBe(`Novedades ${tag} para Clara ${tag}`);
    expect(mine.unsubscribe_url).toMatch(/\/api\/baja\?t=/);

    // The diner opens the visible link of their e-mail: the page says what it does, then does it.
    const link = new URL(/\S*\/baja\?t=\S+/.exec(mine.text)![0]);
    const diners = await context.browser()!.newContext({ locale: lang === 'en' ? 'en-US' : 'es-ES' });
    await diners.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    const dinerPage = await diners.newPage();
    await dinerPage.goto(link.pathname + link.search);
    await expect(dinerPage.getByText(t.explain)).toBeVisible();
    await dinerPage.getByRole('button', { name: t.confirm }).click();
    await expect(dinerPage.getByText(t.done)).toBeVisible();
    await diners.close();
    // The one-click POST of the header's link (RFC 8058) is idempotent.
    const oneClick = await request.post(new URL(mine.unsubscribe_url).pathname + new URL(mine.unsubscribe_url).search, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    await expect(oneClick).toBeOK();

    // A second campaign does not reach them.
    const tag2 = unique('Camp2');
    const headers = { Authorization: `Bearer ${owner.token}` };
    const created = await request.post('/api/clientes/1/campanas', {
      headers,
      data: { nombre: `Otra ${tag2}`, canal: 'email', asunto: `Otra ${tag2}`, cuerpo: 'Hola {nombre}', audiencia: 'todos', idioma: lang },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await expect(await request.post(`/api/clientes/1/campanas/${id}/enviar`, { headers, data: {} })).toBeOK();
    await waitSent(request, owner.token);
    const second = await campaignMails(request, tag2);
    expect(demo(second)).toEqual(CONSENTING);
    expect(second.map((m) => m.to)).not.toContain(diner.email);
  });
}
