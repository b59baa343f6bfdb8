import type { APIRequestContext } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { restaurantWithOwner as withOwner, signInStaff, staffLogin, unique } from './api';

const restaurantWithOwner = (request: APIRequestContext, tag: string) => withOwner(request, accounts.superAdmin, tag);

// Connecting a restaurant to Clover (the demo connector): the owner's
// 'Conectar con Clover' completes through the OAuth callback with the state
// Carta issued; a callback Carta did not start changes nothing and says so;
// the super admin's token form asks which restaurant an unknown Merchant ID
// is for, and creates one only when asked.

const SHOTS = '/tmp/shots-connect';

const TEXTS = {
  es: {
    cardTitle: 'Conexión con Clover',
    connectCard: 'Conectar con Clover',
    notConnected: 'Este restaurante aún no está conectado con Clover.',
    connected: (m: string) => `Conectado con Clover (Merchant ID ${m}).`,
    resultOk: (m: string) => `Tu restaurante quedó conectado con Clover (Merchant ID ${m}).`,
    toPanel: 'Ir al panel del restaurante',
    invalid: 'Esta conexión con Clover no es válida',
    startAgain: 'Para volver a intentarlo:',
    cloverTitle: 'Configuración del Token de Clover',
    code: 'Código de autorización',
    submit: 'Conectar con Clover',
    chooseTitle: '¿De qué restaurante es este Merchant ID?',
    searchRestaurant: 'Buscar restaurante',
    usesIts: (m: string) => `Se conectará con su Merchant ID, ${m}.`,
    connectPicked: 'Conectar este restaurante',
    create: 'Crear restaurante «Cliente Sin Nombre»',
    success: 'Éxito: ',
  },
  en: {
    cardTitle: 'Clover connection',
    connectCard: 'Connect to Clover',
    notConnected: 'This restaurant is not connected to Clover yet.',
    connected: (m: string) => `Connected to Clover (Merchant ID ${m}).`,
    resultOk: (m: string) => `Your restaurant is connected to Clover (Merchant ID ${m}).`,
    toPanel: "Go to the restaurant's panel",
    invalid: 'This Clover connection is not valid',
    startAgain: 'To try again:',
    cloverTitle: 'Clover Token Configuration',
    code: 'Authorization code',
    submit: 'Connect to Clover',
    chooseTitle: 'Which restaurant is this Merchant ID for?',
    searchRestaurant: 'Search restaurant',
    usesIts: (m: string) => `It will be connected with its Merchant ID, ${m}.`,
    connectPicked: 'Connect this restaurant',
    create: 'Create restaurant “Cliente Sin Nombre”',
    success: 'Success: ',
  },
} as const;

async function shoot(page: import('@playwright/test').Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function useLanguage(page: import('@playwright/test').Page, lang: 'es' | 'en') {
  if (lang === 'en') await page.getByRole('button', { name: 'English' }).click();
}

type Restaurant = { id: number; nombre: string; merchant_id: string | null };


for (const lang of ['es', 'en'] as const) {
  const T = TEXTS[lang];

  test(`[${lang}] the owner connects their restaurant from the panel; a callback Carta did not start changes nothing`, async ({
    page,
    context,
    request,
    baseURL,
    newContext,
  }) => {
    test.slow();
    const tag = unique(`C${lang}`);
    const { cliente, merchant, owner } = await restaurantWithOwner(request, tag);

    // Someone calls the callback with a demo code and no state: nothing changes.
    const stranger = await (await newContext()).newPage();
    await stranger.goto(`/api/clover/oauth/callback?merchant_id=${merchant}&code=demo-x`);
    await useLanguage(stranger, lang);
    await expect(stranger).toHaveURL(/\/clover\/conexion\?resultado=caducado$/);
    await expect(stranger.getByRole('alert')).toContainText(T.invalid);
    await expect(stranger.getByText(T.startAgain)).toBeVisible();
    await shoot(stranger, `callback-invalid-${lang}`);

    await signInStaff(context, request, owner, baseURL!);
    await page.goto(`/dashboard/${cliente.id}`);
    await useLanguage(page, lang);
    const card = page.getByRole('region', { name: T.cardTitle });
    await expect(card.getByTestId('clover-connect-state')).toHaveText(T.notConnected);
    await shoot(page, `panel-not-connected-${lang}`);
    await card.getByRole('button', { name: T.connectCard }).click();

    // The demo connector's authorize step goes straight back to the callback.
    await expect(page).toHaveURL(new RegExp(`/clover/conexion\\?cliente_id=${cliente.id}&merchant_id=${merchant}&resultado=conectado$`));
    await expect(page.getByRole('status')).toHaveText(T.resultOk(merchant));
    await shoot(page, `callback-connected-${lang}`);
    await page.getByRole('link', { name: T.toPanel }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${cliente.id}$`));
    await expect(page.getByTestId('clover-connect-state')).toHaveText(T.connected(merchant));

    // The restaurant is active: it has its owner and its POS.
    const admin = await staffLogin(request, accounts.superAdmin);
    const res = await request.get(`/api/clientes/${cliente.id}`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(await res.json()).toMatchObject({ estado: 'activo', pos_conectado: true, pos_provider: 'demo' });
  });

  test(`[${lang}] the super admin's token form asks which restaurant an unknown Merchant ID is for`, async ({ page, context, request, baseURL }) => {
    test.slow();
    const tag = unique(`T${lang}`);
    const admin = await signInStaff(context, request, accounts.superAdmin, baseURL!);
    const auth = { Authorization: `Bearer ${admin.token}` };
    const nombre = `Errata ${tag}`;
    const merchant = `M${tag}`;
    expect((await request.post('/api/clients', { data: { nombre, merchant_id: merchant }, headers: auth })).status()).toBe(201);

    await page.goto('/super-admin/clover-auth');
    await useLanguage(page, lang);
    await expect(page.getByRole('heading', { name: T.cloverTitle })).toBeVisible();

    // A typo: nothing is created, the dialog asks; the restaurant is picked.
    await page.getByLabel('Merchant ID').fill(`${merchant}X`);
    await page.getByLabel(T.code).fill('demo-1');
    await page.getByRole('button', { name: T.submit }).click();
    const dialog = page.getByRole('dialog', { name: T.chooseTitle });
    await expect(dialog).toContainText(`${merchant}X`);
    await dialog.getByLabel(T.searchRestaurant).fill(tag);
    await dialog.getByRole('radio', { name: new RegExp(nombre) }).check();
    await expect(dialog).toContainText(T.usesIts(merchant));
    await shoot(page, `choose-restaurant-${lang}`);
    await dialog.getByRole('button', { name: T.connectPicked }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: T.success })).toContainText(merchant);
    await expect(page.getByLabel('Merchant ID')).toHaveValue(merchant);
    const typo = await request.get(`/api/clients?q=${merchant}X`, { headers: auth });
    expect(await typo.json()).toEqual([]);

    // A new merchant, created only when asked: 'Cliente Sin Nombre'.
    const fresh = `N${tag}`;
    await page.getByLabel('Merchant ID').fill(fresh);
    await page.getByLabel(T.code).fill('demo-2');
    await page.getByRole('button', { name: T.submit }).click();
    await page.getByRole('dialog', { name: T.chooseTitle }).getByRole('button', { name: T.create }).click();
    await expect(page.getByRole('status').filter({ hasText: T.success })).toContainText(fresh);
    await shoot(page, `created-${lang}`);
    const created = (await (await request.get(`/api/clients?q=${fresh}`, { headers: auth })).json()) as Restaurant[];
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ nombre: 'Cliente Sin Nombre', merchant_id: fresh });
  });
}
