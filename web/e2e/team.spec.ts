import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { signInStaff, staffLogin, unique } from './api';

// 'Equipo' (issue 30): the owner invites a cook by e-mail; the cook opens the
// invitation from the e-mail (read from the outbox, as the demo keeps
// e-mails there) in a browser of their own, chooses a password, is signed
// in and lands on the order board; the owner's pages and the fees answer
// 403 to the cook. In Spanish and in English, with axe on the new pages.

const SHOTS = '/tmp/shots30/team';

const TEXTS = {
  es: {
    team: 'Equipo',
    email: 'Correo electrónico',
    role: 'Rol',
    kitchen: 'Cocina',
    invite: 'Enviar invitación',
    invited: (e: string) => `Invitación enviada a ${e}.`,
    invitation: 'Invitación al equipo',
    intro: 'Te invitaron al equipo de La Cava Demo con el rol de Cocina.',
    newPassword: 'Nueva contraseña',
    confirm: 'Confirmar contraseña',
    accept: 'Aceptar la invitación',
    board: 'Pedidos en línea',
    roleRefused: 'Tu rol (Cocina) no permite abrir esta página.',
    used: 'Esta invitación ya se usó',
    password: 'Contraseña',
    signIn: 'Iniciar Sesión',
  },
  en: {
    team: 'Team',
    email: 'E-mail',
    role: 'Role',
    kitchen: 'Kitchen',
    invite: 'Send invitation',
    invited: (e: string) => `Invitation sent to ${e}.`,
    invitation: 'Team invitation',
    intro: "You are invited to La Cava Demo's team as Kitchen.",
    newPassword: 'New password',
    confirm: 'Confirm password',
    accept: 'Accept the invitation',
    board: 'Online orders',
    roleRefused: 'Your role (Kitchen) cannot open this page.',
    used: 'This invitation has already been used',
    password: 'Password',
    signIn: 'Log In',
  },
} as const;

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function axe(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const found = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.impact} ${v.id}: ${v.nodes.slice(0, 6).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(found, 'serious or critical axe violations').toEqual([]);
}

type OutboxMessage = { id: number; to: string; text: string; kind: string };

/** The invitation link e-mailed to `email` (path and query), read from the outbox as the super admin. */
async function invitationLink(request: APIRequestContext, email: string): Promise<string> {
  const admin = await staffLogin(request, accounts.superAdmin);
  let match: RegExpExecArray | null = null;
  await expect
    .poll(async () => {
      const res = await request.get('/api/admin/outbox', { headers: { Authorization: `Bearer ${admin.token}` } });
      const messages = ((await res.json()) as OutboxMessage[]).filter((m) => m.to === email && m.kind === 'invitacion').sort((a, b) => b.id - a.id);
      match = /\S*\/invitacion\?[^\s"<>]+/.exec(messages[0]?.text ?? '');
      return match !== null;
    })
    .toBe(true);
  const url = new URL(match![0]);
  return url.pathname + url.search;
}

async function inLanguage(context: BrowserContext, lang: 'es' | 'en') {
  await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
}

for (const lang of ['es', 'en'] as const) {
  const T = TEXTS[lang];
  test(`[${lang}] the owner invites a cook, who accepts from the e-mail and lands on the board`, async ({ newContext, request, baseURL }) => {
    test.slow();
    const email = `${unique(`cocina-${lang}`).toLowerCase()}@example.com`;

    // The owner's 'Equipo'.
    const ownerContext = await newContext();
    await inLanguage(ownerContext, lang);
    await signInStaff(ownerContext, request, accounts.owner, baseURL!);
    const owner = await ownerContext.newPage();
    await owner.goto('/equipo?cliente_id=1');
    await expect(owner.getByRole('heading', { name: T.team, level: 1 })).toBeVisible();
    await expect(owner.getByRole('cell', { name: accounts.owner.email, exact: true })).toBeVisible();
    await owner.getByLabel(T.email, { exact: true }).fill(email);
    await owner.getByLabel(T.role, { exact: true }).selectOption({ label: T.kitchen });
    await owner.getByRole('button', { name: T.invite }).click();
    await expect(owner.getByText(T.invited(email))).toBeVisible();
    await expect(owner.getByText(new RegExp(`${email.replace(/[.]/g, '\\.')} · ${T.kitchen}`))).toBeVisible();
    await axe(owner, 'equipo');
    await shoot(owner, `equipo-${lang}`);

    // The cook's own browser, from the e-mail.
    const link = await invitationLink(request, email);
    const cookContext = await newContext();
    await inLanguage(cookContext, lang);
    const cook = await cookContext.newPage();
    await cook.goto(link);
    await expect(cook.getByRole('heading', { name: T.invitation })).toBeVisible();
    await expect(cook.getByText(T.intro)).toBeVisible();
    await axe(cook, 'invitacion');
    await shoot(cook, `invitacion-${lang}`);
    await cook.getByLabel(T.newPassword).fill('clave-cocina-1');
    await cook.getByLabel(T.confirm).fill('clave-cocina-1');
    await cook.getByRole('button', { name: T.accept }).click();
    await expect(cook).toHaveURL(/\/pedidos\?cliente_id=1$/);
    await expect(cook.getByRole('heading', { name: T.board, level: 1 })).toBeVisible();
    await shoot(cook, `cocina-tablero-${lang}`);

    // The owner's pages say no to the cook; the API answers 403.
    await cook.goto('/equipo?cliente_id=1');
    await expect(cook.getByText(T.roleRefused)).toBeVisible();
    const token = await cook.evaluate(() => window.localStorage.getItem('token'));
    for (const path of ['/api/clientes/1/fees', '/api/clientes/1/equipo', '/api/clientes/1/resumen']) {
      expect((await request.get(path, { headers: { Authorization: `Bearer ${token}` } })).status(), path).toBe(403);
    }
    expect((await request.post('/api/configuraciones', { headers: { Authorization: `Bearer ${token}` }, data: { cliente_id: 1 } })).status()).toBe(403);

    // The link again: used.
    await cook.goto(link);
    await expect(cook.getByText(T.used)).toBeVisible();

    // Signing in again, with the kitchen tablet's long-lived session: the board again.
    const tablet = await (await newContext()).newPage();
    await tablet.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    await tablet.goto('/login');
    await tablet.getByLabel(lang === 'es' ? 'Correo electrónico' : 'Email').fill(email);
    await tablet.getByLabel(T.password, { exact: true }).fill('clave-cocina-1');
    await tablet.getByRole('checkbox').check();
    await shoot(tablet, `login-tableta-${lang}`);
    await tablet.getByRole('button', { name: T.signIn }).click();
    await expect(tablet).toHaveURL(/\/pedidos\?cliente_id=1$/);

    // The cook's own sessions ('Mis sesiones'): the tablet's, marked current, and the phone's.
    await tablet.goto('/mis-sesiones');
    await expect(tablet.getByRole('heading', { name: lang === 'es' ? 'Mis sesiones' : 'My sessions', level: 1 })).toBeVisible();
    // Each is named: the tablet by its label, the phone by the browser it signed in from.
    await expect(tablet.getByText('Tableta de cocina', { exact: true })).toBeVisible();
    await expect(tablet.getByText(/^Chrome · (Linux|Android)$/)).toBeVisible();
    await axe(tablet, 'mis-sesiones');
    await shoot(tablet, `mis-sesiones-${lang}`);

    // The owner sees the tablet's session in 'Equipo'.
    await owner.reload();
    await expect(owner.getByText(lang === 'es' ? 'Tableta de cocina' : 'Tableta de cocina').first()).toBeVisible();
    await shoot(owner, `equipo-sesiones-${lang}`);
    await ownerContext.close();
    await cookContext.close();
  });
}
