import type { APIRequestContext, Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { signInStaff, staffLogin, unique } from './api';

// The platform (issue 13): the super admin creates a restaurant, connects it
// to the (demo) POS, sends the onboarding link; the owner opens it, sets a
// password and lands on their panel. Suspending a restaurant hides its menu.

const SHOTS = '/tmp/shots-platform';

const TEXTS = {
  es: {
    dashboard: 'Dashboard de Super Admin',
    newRestaurant: 'Nuevo restaurante',
    name: 'Nombre del restaurante',
    ownerEmail: 'Correo del dueño',
    merchantOptional: 'Merchant ID (opcional)',
    create: 'Crear restaurante',
    created: (n: string) => `Restaurante ${n} creado`,
    cloverTitle: 'Configuración del Token de Clover',
    code: 'Código de autorización',
    connect: 'Conectar con Clover',
    rejected: 'Error 401: No autorizado. El código es inválido o ha expirado.',
    success: 'Éxito: ',
    search: 'Buscar',
    sendLink: 'Enviar Enlace',
    actions: 'Acciones',
    sent: 'Correo enviado exitosamente.',
    linkToCopy: 'Enlace para copiar',
    setPassword: 'Establecer Contraseña',
    newPassword: 'Nueva contraseña',
    confirm: 'Confirmar contraseña',
    mismatch: 'Las contraseñas no coinciden.',
    nextPayment: (n: string) => `Próximo pago de ${n}`,
    dateSaved: (n: string) => `Fecha de próximo pago de ${n} guardada.`,
    panel: 'Panel de Administración - Restaurante',
    activo: 'Activo',
  },
  en: {
    dashboard: 'Super Admin Dashboard',
    newRestaurant: 'New restaurant',
    name: 'Restaurant name',
    ownerEmail: "Owner's e-mail",
    merchantOptional: 'Merchant ID (optional)',
    create: 'Create restaurant',
    created: (n: string) => `Restaurant ${n} created`,
    cloverTitle: 'Clover Token Configuration',
    code: 'Authorization code',
    connect: 'Connect to Clover',
    rejected: 'Error 401: Unauthorized. The code is invalid or has expired.',
    success: 'Success: ',
    search: 'Search',
    sendLink: 'Send Link',
    actions: 'Actions',
    sent: 'E-mail sent successfully.',
    linkToCopy: 'Link to copy',
    setPassword: 'Set Password',
    newPassword: 'New password',
    confirm: 'Confirm password',
    mismatch: 'The passwords do not match.',
    nextPayment: (n: string) => `Next payment of ${n}`,
    dateSaved: (n: string) => `Next payment date of ${n} saved.`,
    panel: 'Administration Panel - Restaurant',
    activo: 'Active',
  },
} as const;

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function useLanguage(page: Page, lang: 'es' | 'en') {
  if (lang === 'en') await page.getByRole('button', { name: 'English' }).click();
}

type OutboxMessage = { id: number; to: string; text: string; kind: string; created_at: number };

/** The onboarding link last e-mailed to `email`, read from the outbox with the super admin's token. */
async function onboardingLink(request: APIRequestContext, email: string): Promise<string> {
  const admin = await staffLogin(request, accounts.superAdmin);
  const res = await request.get('/api/admin/outbox', { headers: { Authorization: `Bearer ${admin.token}` } });
  expect(res.ok()).toBe(true);
  const messages = ((await res.json()) as OutboxMessage[]).filter((m) => m.to === email).sort((a, b) => b.id - a.id);
  const match = /\S*\/establecer-password\?[^\s"<>]+/.exec(messages[0]?.text ?? '');
  expect(match, `no onboarding link e-mailed to ${email}`).not.toBeNull();
  const url = new URL(match![0]);
  return url.pathname + url.search;
}

for (const lang of ['es', 'en'] as const) {
  const T = TEXTS[lang];

  test(`[${lang}] the super admin onboards a restaurant and its owner sets a password`, async ({ page, context, request, baseURL, newContext }) => {
    test.slow();
    const tag = unique(`P${lang}`);
    const nombre = `Plataforma ${tag}`;
    const email = `owner-${tag.toLowerCase()}@example.com`;
    const merchant = `M${tag}`;

    await signInStaff(context, request, accounts.superAdmin, baseURL!);
    await page.goto('/super-admin/dashboard');
    await useLanguage(page, lang);
    await expect(page.getByRole('heading', { name: T.dashboard })).toBeVisible();

    // 'Nuevo restaurante'
    await page.getByRole('button', { name: T.newRestaurant }).click();
    const create = page.getByRole('dialog', { name: T.newRestaurant });
    await create.getByLabel(T.name).fill(nombre);
    await create.getByLabel(T.ownerEmail).fill(email);
    await create.getByLabel(T.merchantOptional).fill(merchant);
    await shoot(page, `new-restaurant-${lang}`);
    await create.getByRole('button', { name: T.create }).click();
    await expect(page.getByText(T.created(nombre))).toBeVisible();

    // Connect it: a bad code first, then the demo code.
    await page.goto(`/super-admin/clover-auth`);
    await expect(page.getByRole('heading', { name: T.cloverTitle })).toBeVisible();
    await page.getByLabel('Merchant ID').fill(merchant);
    await page.getByLabel(T.code).fill('codigo-falso');
    await page.getByRole('button', { name: T.connect }).click();
    await expect(page.getByRole('alert')).toHaveText(T.rejected);
    await page.getByLabel(T.code).fill('demo-1');
    await page.getByRole('button', { name: T.connect }).click();
    await expect(page.getByRole('status').filter({ hasText: T.success })).toContainText(merchant);
    await shoot(page, `clover-auth-${lang}`);

    // Find it and send the link.
    await page.goto('/super-admin/dashboard');
    await page.getByLabel(T.search).fill(tag);
    const row = page.getByRole('row').filter({ hasText: nombre });
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('row')).toHaveCount(2); // header + the match
    await row.getByLabel(T.nextPayment(nombre)).fill('2027-03-01');
    await expect(page.getByText(T.dateSaved(nombre))).toBeVisible();
    await shoot(page, `dashboard-${lang}`);
    await row.getByRole('button', { name: `${T.actions}: ${nombre}` }).click();
    await row.getByRole('menuitem', { name: T.sendLink }).click();
    const dialog = page.getByRole('dialog', { name: T.sendLink });
    await expect(dialog.getByLabel('Merchant ID')).toHaveValue(merchant);
    await dialog.getByRole('button', { name: T.sendLink }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: T.sent })).toBeVisible();
    await shoot(page, `send-link-${lang}`);

    // The owner opens the e-mailed link (the one the page shows to copy) in a browser of their own.
    const link = await onboardingLink(request, email);
    expect(new URL(await page.getByLabel(T.linkToCopy).inputValue()).search).toBe(new URL(link, baseURL).search);
    const owner = await (await newContext()).newPage();
    await owner.goto(link);
    await useLanguage(owner, lang);
    await expect(owner.getByRole('heading', { name: T.setPassword })).toBeVisible();
    await owner.getByLabel(T.newPassword).fill('una-clave-segura-1');
    await owner.getByLabel(T.confirm).fill('otra-clave-segura-1');
    await owner.getByRole('button', { name: T.setPassword }).click();
    await expect(owner.getByRole('alert')).toHaveText(T.mismatch);
    await shoot(owner, `set-password-${lang}`);
    await owner.getByLabel(T.confirm).fill('una-clave-segura-1');
    await owner.getByRole('button', { name: T.setPassword }).click();
    await expect(owner).toHaveURL(/\/dashboard\/\d+$/);
    await expect(owner.getByRole('heading', { name: T.panel })).toBeVisible();
    await expect(owner.getByText(nombre)).toBeVisible();
    expect(await owner.evaluate(() => localStorage.getItem('is_superadmin'))).toBe('0');

    // The restaurant is now active on the super admin's dashboard.
    await page.reload();
    await page.getByLabel(T.search).fill(tag);
    const done = page.getByRole('row').filter({ hasText: nombre });
    await expect(done).toContainText(T.activo);
    await expect(done.getByLabel(T.nextPayment(nombre))).toHaveValue('2027-03-01');
  });
}

test('a suspended restaurant shows the neutral page on its menu, and comes back when reactivated', async ({
  page,
  context,
  request,
  baseURL,
  newContext,
}) => {
  const admin = await signInStaff(context, request, accounts.superAdmin, baseURL!);
  try {
    await page.goto('/super-admin/dashboard');
    await page.getByLabel('Buscar').fill('La Cava');
    const row = page.getByTestId('cliente-1');
    await row.getByRole('button', { name: 'Acciones: La Cava Demo' }).click();
    await row.getByRole('menuitem', { name: 'Suspender' }).click();
    const dialog = page.getByRole('dialog', { name: /^¿Suspender/ });
    await shoot(page, 'suspend-confirm-es');
    await dialog.getByRole('button', { name: 'Suspender' }).click();
    await expect(row).toContainText('Suspendido');

    const diner = await (await newContext()).newPage();
    await diner.goto('/menu/1');
    await expect(diner.getByText('Este menú no está disponible en este momento.')).toBeVisible();
    await shoot(diner, 'menu-suspended-es');

    await row.getByRole('button', { name: 'Acciones: La Cava Demo' }).click();
    await row.getByRole('menuitem', { name: 'Reactivar' }).click();
    await page.getByRole('dialog', { name: /^¿Reactivar/ }).getByRole('button', { name: 'Reactivar' }).click();
    await expect(row).toContainText('Activo');
    await diner.reload();
    await expect(diner.getByText('Este menú no está disponible en este momento.')).toHaveCount(0);
    await expect(diner.locator('.menu-grid .menu-card').first()).toBeVisible();
  } finally {
    // Other tests of this worker use La Cava: never leave it suspended.
    await request.put('/api/clients/1', { data: { estado: 'activo' }, headers: { Authorization: `Bearer ${admin.token}` } });
  }
});

test('the super admin overview shows the counts and links to the dashboard and Clover', async ({ page, context, request, baseURL }) => {
  await signInStaff(context, request, accounts.superAdmin, baseURL!);
  await page.goto('/super-admin');
  await expect(page.getByTestId('count-outboxFailed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mensajes (bandeja de salida)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pedidos por reembolsar' })).toBeVisible();
  await shoot(page, 'super-admin-home-es');
  await page.getByRole('link', { name: 'Dashboard General' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard de Super Admin' })).toBeVisible();
  // The list is newest first, a page at a time: the suite's own restaurants can push La Cava to a
  // later page (CI), so look it up as a super admin would.
  await page.getByLabel('Buscar').fill('La Cava');
  await page.getByTestId('cliente-1').getByRole('button', { name: 'Acciones: La Cava Demo' }).click();
  await page.getByTestId('cliente-1').getByRole('menuitem', { name: 'Abrir panel' }).click();
  await expect(page).toHaveURL(/\/super-admin\/dashboard\/1$/);
  await expect(page.getByRole('heading', { name: 'Panel de Administración - Restaurante' })).toBeVisible();
  await page.getByRole('link', { name: 'Configuraciones' }).click();
  await expect(page).toHaveURL(/\/settings\?cliente_id=1$/);
  await expect(page.getByRole('heading', { name: 'Webhook de Clover Hosted Checkout' })).toBeVisible();
  await expect(page.getByTestId('webhook-state')).toHaveText('Secreto no configurado.');
  await page.getByLabel('Secreto de firma del webhook').fill('whsec-demo-123');
  await page.getByRole('button', { name: 'Guardar secreto' }).click();
  await expect(page.getByTestId('webhook-state')).toHaveText('Secreto configurado.');
  await expect(page.getByLabel('Secreto de firma del webhook')).toHaveValue('');
  await shoot(page, 'settings-webhook-es');
  await page.getByRole('button', { name: 'Quitar secreto' }).click();
  await expect(page.getByTestId('webhook-state')).toHaveText('Secreto no configurado.');
});
