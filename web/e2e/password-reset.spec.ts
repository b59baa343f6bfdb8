import type { APIRequestContext, Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { dinerLogin, registerDiner, staffLogin, unique } from './api';
import { closePromotion } from './helpers';

// '¿Olvidaste tu contraseña?' (issue "Holes", 14): an owner and a diner ask
// for a link on their sign-in, open it from the e-mail (read from the
// outbox, as the demo keeps e-mails there) in a browser of their own, set a
// new password and are signed in, their earlier sessions ended; the link
// then opens the page that says it was used. An expired link is the Go
// tests' (internal/api/reset_test.go: the server's clock is injected there).

const SHOTS = '/tmp/shots-reset';

const TEXTS = {
  es: {
    english: null,
    forgot: '¿Olvidaste tu contraseña?',
    email: 'Correo electrónico',
    send: 'Enviar enlace',
    sent: (email: string) => `Si hay una cuenta con ${email}, te enviamos un enlace`,
    title: 'Elige una contraseña nueva',
    newPassword: 'Nueva contraseña',
    confirm: 'Confirmar contraseña',
    save: 'Guardar contraseña',
    panel: 'Panel de Administración - Restaurante',
    spent: 'Este enlace ya no sirve',
    used: 'Este enlace ya se usó para cambiar la contraseña',
    signIn: 'Iniciar sesión',
    requestNew: 'Pedir un enlace nuevo',
    register: 'Registrarse para más funciones',
    toLogin: 'Inicia sesión',
    loginTitle: 'Iniciar Sesión',
    myAccount: 'Mi cuenta',
  },
  en: {
    english: 'English',
    forgot: 'Forgot your password?',
    email: 'Email',
    send: 'Send link',
    sent: (email: string) => `If an account uses ${email}, we have sent it a link`,
    title: 'Choose a new password',
    newPassword: 'New password',
    confirm: 'Confirm password',
    save: 'Save password',
    panel: 'Administration Panel - Restaurant',
    spent: 'This link no longer works',
    used: 'This link has already been used to change the password',
    signIn: 'Log in',
    requestNew: 'Ask for a new link',
    register: 'Sign up for more features',
    toLogin: 'Log in',
    loginTitle: 'Log In',
    myAccount: 'My account',
  },
} as const;

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

type OutboxMessage = { id: number; to: string; text: string; kind: string };

/**
 * The link of the newest e-mail of `kind` to `email` whose text matches `re`, read from the outbox with the
 * super admin's token (a reset e-mail is queued just after the request's answer: read until it is there).
 */
async function mailedLink(request: APIRequestContext, email: string, kind: string, re: RegExp): Promise<string> {
  const admin = await staffLogin(request, accounts.superAdmin);
  let match: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/admin/outbox', { headers: { Authorization: `Bearer ${admin.token}` } });
        expect(res.ok()).toBe(true);
        const messages = ((await res.json()) as OutboxMessage[]).filter((m) => m.to === email && m.kind === kind).sort((a, b) => b.id - a.id);
        match = re.exec(messages[0]?.text ?? '');
        return match !== null;
      },
      { message: `no ${kind} link e-mailed to ${email}` },
    )
    .toBe(true);
  const url = new URL(match![0]);
  return url.pathname + url.search;
}

const resetLink = (request: APIRequestContext, email: string) =>
  mailedLink(request, email, 'reset', /\S*\/restablecer-password\?[^\s"<>]+/);

/** A restaurant owner of a new restaurant with a password (the onboarding link spent through the API); its session's token. */
async function newOwner(request: APIRequestContext, email: string, password: string): Promise<{ token: string; clienteId: number }> {
  const admin = await staffLogin(request, accounts.superAdmin);
  const headers = { Authorization: `Bearer ${admin.token}` };
  const merchant = unique('MR');
  const created = await request.post('/api/clients', { headers, data: { nombre: `Restaurante ${merchant}`, email, merchant_id: merchant } });
  expect(created.ok()).toBe(true);
  expect((await request.post('/api/send-email', { headers, data: { merchant_id: merchant, email } })).ok()).toBe(true);
  const link = new URL(await mailedLink(request, email, 'onboarding', /\S*\/establecer-password\?[^\s"<>]+/), 'http://x');
  const q = link.searchParams;
  const set = await request.post('/api/establecer-password', {
    data: { merchant_id: q.get('merchant_id'), email: q.get('email'), token: q.get('token'), new_password: password },
  });
  expect(set.ok()).toBe(true);
  const s = (await set.json()) as { token: string; cliente_id: number };
  return { token: s.token, clienteId: s.cliente_id };
}

const sessionWorks = async (request: APIRequestContext, path: string, token: string) =>
  (await request.post(path, { headers: { Authorization: `Bearer ${token}` } })).status();

for (const lang of ['es', 'en'] as const) {
  const T = TEXTS[lang];

  test(`[${lang}] an owner who forgot the password gets a link, sets a new one and is signed in; the link then says it was used`, async ({
    page,
    request,
    newContext,
  }) => {
    test.slow();
    const email = `${unique(`reset-${lang}`).toLowerCase()}@example.com`;
    const owner = await newOwner(request, email, 'clave-vieja-123');

    await page.goto('/login');
    if (T.english) await page.getByRole('button', { name: T.english }).click();
    await page.getByLabel(T.email).fill(email);
    await shoot(page, `owner-login-${lang}`);
    await page.getByRole('link', { name: T.forgot }).click();
    await expect(page).toHaveURL(/\/recuperar-password$/);
    await expect(page.getByRole('heading', { name: T.forgot })).toBeVisible();
    await expect(page.getByLabel(T.email)).toHaveValue(email);
    await shoot(page, `owner-request-${lang}`);
    await page.getByRole('button', { name: T.send }).click();
    await expect(page.getByRole('status')).toContainText(T.sent(email));
    await shoot(page, `owner-sent-${lang}`);

    // The e-mail's link, opened in another browser (a phone's mail app): the page speaks the e-mail's language.
    const link = await resetLink(request, email);
    expect(link).toContain(`lang=${lang}`);
    const phone = await (await newContext()).newPage();
    await phone.goto(link);
    await expect(phone.getByRole('heading', { name: T.title })).toBeVisible();
    await expect(phone.getByText(email)).toBeVisible();
    await shoot(phone, `owner-new-password-${lang}`);
    await phone.getByLabel(T.newPassword).fill('clave-nueva-456');
    await phone.getByLabel(T.confirm).fill('clave-nueva-456');
    await phone.getByRole('button', { name: T.save }).click();
    await expect(phone).toHaveURL(new RegExp(`/dashboard/${owner.clienteId}$`));
    await expect(phone.getByRole('heading', { name: T.panel })).toBeVisible();

    // The session from before the reset is over; the new password signs in.
    expect(await sessionWorks(request, '/api/auth/validate', owner.token)).toBe(401);
    expect((await request.post('/api/login', { data: { email, password: 'clave-nueva-456' } })).ok()).toBe(true);

    // The link again: it says it was used, with the ways on.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: T.spent })).toBeVisible();
    await expect(page.getByText(T.used)).toBeVisible();
    await expect(page.getByLabel(T.newPassword)).toHaveCount(0);
    await expect(page.getByRole('link', { name: T.signIn })).toHaveAttribute('href', '/login');
    await shoot(page, `owner-link-used-${lang}`);
    await page.getByRole('link', { name: T.requestNew }).click();
    await expect(page).toHaveURL(/\/recuperar-password$/);
    await expect(page.getByRole('button', { name: T.send })).toBeVisible();
  });

  test(`[${lang}] a diner who forgot the password gets a link back to the restaurant and is signed in there`, async ({
    page,
    request,
    newContext,
  }) => {
    test.slow();
    const diner = await registerDiner(request, { nombre: 'Olvido Comensal', clienteId: 1 });
    const before = await dinerLogin(request, diner);

    await page.goto('/restaurante/1');
    await closePromotion(page);
    if (T.english) await page.getByRole('button', { name: T.english }).click();
    await page.getByRole('button', { name: T.register }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: T.toLogin }).click();
    await expect(dialog.getByRole('heading', { name: T.loginTitle })).toBeVisible();
    await dialog.getByLabel(T.email).fill(diner.email);
    await shoot(page, `diner-login-dialog-${lang}`);
    await dialog.getByRole('link', { name: T.forgot }).click();
    await expect(page).toHaveURL(/\/usuario\/recuperar-password\?menu=1$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel(T.email)).toHaveValue(diner.email);
    await shoot(page, `diner-request-${lang}`);
    await page.getByRole('button', { name: T.send }).click();
    await expect(page.getByRole('status').filter({ hasText: T.sent(diner.email) })).toBeVisible();

    const link = await resetLink(request, diner.email);
    expect(link).toMatch(/^\/usuario\/restablecer-password\?/);
    expect(link).toContain('menu=1');
    expect(link).toContain(`lang=${lang}`);
    const phone = await (await newContext()).newPage();
    await phone.goto(link);
    await expect(phone.getByRole('heading', { name: T.title })).toBeVisible();
    await shoot(phone, `diner-new-password-${lang}`);
    await phone.getByLabel(T.newPassword).fill('clave-nueva-789');
    await phone.getByLabel(T.confirm).fill('clave-nueva-789');
    await phone.getByRole('button', { name: T.save }).click();
    await expect(phone).toHaveURL(/\/restaurante\/1\/menu$/);
    await closePromotion(phone);
    await expect(phone.getByRole('button', { name: T.myAccount })).toBeVisible();

    expect(await sessionWorks(request, `/api/usuarios/${diner.usuarioId}/restaurantes`, before.token)).toBe(401);
    expect((await request.post('/api/auth/login-usuario', { data: { email: diner.email, password: 'clave-nueva-789' } })).ok()).toBe(true);

    // The link again, in the restaurant's shell: used; 'Iniciar sesión' opens the sign-in dialog.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: T.spent })).toBeVisible();
    await expect(page.getByText(T.used)).toBeVisible();
    await expect(page.getByRole('link', { name: T.requestNew })).toHaveAttribute('href', '/usuario/recuperar-password?menu=1');
    await shoot(page, `diner-link-used-${lang}`);
    await page.getByRole('button', { name: T.signIn }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: T.loginTitle })).toBeVisible();
  });
}
