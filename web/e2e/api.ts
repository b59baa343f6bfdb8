/**
 * Test set-up through the HTTP API: a test reaches the state it is about
 * (a card on file, an offer, a paid voucher, a signed-in user…) in a few
 * requests, and spends its browser steps only on what it checks. Routes and
 * fields: internal/api/routes.go and internal/api/openapi.json.
 *
 * Diner registrations are throttled per address (all tests come from
 * 127.0.0.1): prefer the worker's shared diner (fixtures.ts `diner`) and
 * register a new one only when a test needs a diner without history.
 */
import { expect, type APIRequestContext, type APIResponse, type BrowserContext } from '@playwright/test';
import { makePng } from './helpers';

export type Account = { email: string; password: string };

/** A staff session as POST /api/login answers it. */
export type StaffSession = {
  token: string;
  cliente_id: number | null;
  merchant_id: string | null;
  is_superadmin: boolean;
};

export type DinerAccount = Account & { nombre: string; usuarioId: number };

/** A diner session as registration and diner sign-in answer it. */
export type DinerSession = { token: string; usuario_id: number };

export type Cupon = {
  id: number;
  cliente_id: number;
  codigo: string;
  titulo: string;
  descripcion: string;
  descuento: number;
  precio: number;
  precio_final: number;
  cantidad_disponible: number;
  vendidos: number;
  estado: string;
};

export type Compra = {
  id: number;
  cliente_id: number;
  cupon_id: number | null;
  descripcion: string;
  estado: string;
  codigo_voucher: string | null;
  total: number;
};

export type Checkout = { checkoutUrl: string; sessionId: string; compraId: number; total: number };

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** ok asserts a 2xx answer (the failure shows the body) and returns its JSON. */
async function ok<T>(res: APIResponse): Promise<T> {
  await expect(res, `${res.url()}`).toBeOK();
  return (await res.json()) as T;
}

let sequence = 0;

/** A name no other test of this run uses (upper case, digits: valid as an offer code). */
export function unique(tag: string): string {
  sequence += 1;
  return `${tag}${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`.toUpperCase();
}

/** The date daysAhead days from now, as YYYY-MM-DD. */
export function isoDate(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

// --- Staff -----------------------------------------------------------------

/** POST /api/login: a staff session (owner or super admin). */
export async function staffLogin(request: APIRequestContext, account: Account): Promise<StaffSession> {
  return ok<StaffSession>(await request.post('/api/login', { data: account }));
}

/**
 * The whole suite orders from the demo restaurants within minutes, past the
 * demo's 20 orders per pickup slot: the suite's server takes any number per
 * slot (a test of the limit sets its own), so no test is refused a slot
 * because other tests ran fast.
 */
export async function unlimitedSlots(request: APIRequestContext, owner: Account, clienteId: number) {
  const staff = await staffLogin(request, owner);
  const headers = { Authorization: `Bearer ${staff.token}` };
  const config = await ok<Record<string, unknown>>(await request.get(`/api/clientes/${clienteId}/pedidos/config`, { headers }));
  await ok(await request.put(`/api/clientes/${clienteId}/pedidos/config`, { headers, data: { ...config, pedidos_por_franja: 0 } }));
}

/**
 * signInStaff signs a staff account in for a browser context: the session is
 * written to the app's storage keys (web/src/lib/session-storage.ts) before
 * the first page of the origin loads, once, so that a later sign-out sticks.
 * The login form itself is tested in auth.spec.ts.
 */
export async function signInStaff(context: BrowserContext, request: APIRequestContext, account: Account, baseURL: string) {
  const s = await staffLogin(request, account);
  const entries: Record<string, string> = { token: s.token, authToken: s.token, is_superadmin: s.is_superadmin ? '1' : '0' };
  if (s.cliente_id !== null) entries.cliente_id = String(s.cliente_id);
  if (s.merchant_id) entries.merchant_id = s.merchant_id;
  await seedStorage(context, baseURL, entries);
  return s;
}

/** POST /api/clientes/{id}/agregar-tarjeta with the demo card that approves (idempotent). */
export async function registerDemoCard(request: APIRequestContext, staff: StaffSession, clienteId: number) {
  return ok<{ brand: string; last4: string }>(
    await request.post(`/api/clientes/${clienteId}/agregar-tarjeta`, { headers: bearer(staff.token), data: { token: 'demo_tok_4242' } }),
  );
}

/** GET /api/clientes/{id}/verificar_tarjeta: whether the restaurant has a card on file. */
export async function hasCard(request: APIRequestContext, staff: StaffSession, clienteId: number): Promise<boolean> {
  const res = await request.get(`/api/clientes/${clienteId}/verificar_tarjeta`, { headers: bearer(staff.token) });
  await expect(res).toBeOK();
  return ((await res.json()) as { registrada: boolean }).registrada;
}

export type OfferInput = {
  titulo: string;
  codigo: string;
  descripcion: string;
  descuento: number;
  precio: string;
  cantidad_disponible: number;
  fecha_expiracion: string;
  /** Optional English texts. */
  titulo_en?: string;
  descripcion_en?: string;
};

/** The offer the offers tests use: 20 % off 20.00, so $16.00 + $5.00 fee = $21.00. */
export function offerInput(tag: string, overrides: Partial<OfferInput> = {}): OfferInput {
  const codigo = unique(tag);
  return {
    titulo: `Oferta ${codigo}`,
    codigo,
    descripcion: 'Postre de la casa con cualquier plato fuerte',
    descuento: 20,
    precio: '20.00',
    cantidad_disponible: 5,
    fecha_expiracion: isoDate(10),
    ...overrides,
  };
}

/** POST /api/cupones (multipart, with a real PNG): creates an offer; the restaurant needs a card on file. */
export async function createOffer(request: APIRequestContext, staff: StaffSession, clienteId: number, input: OfferInput): Promise<Cupon> {
  const { id } = await ok<{ id: number }>(
    await request.post('/api/cupones', {
      headers: bearer(staff.token),
      multipart: {
        cliente_id: String(clienteId),
        titulo: input.titulo,
        descripcion: input.descripcion,
        descuento: String(input.descuento),
        precio: input.precio,
        codigo: input.codigo,
        fecha_expiracion: input.fecha_expiracion,
        cantidad_disponible: String(input.cantidad_disponible),
        ...(input.titulo_en ? { titulo_en: input.titulo_en } : {}),
        ...(input.descripcion_en ? { descripcion_en: input.descripcion_en } : {}),
        imagen: { name: 'oferta.png', mimeType: 'image/png', buffer: makePng(80, 60, [220, 120, 40]) },
      },
    }),
  );
  const offer = await publicOffer(request, clienteId, input.codigo);
  expect(offer?.id).toBe(id);
  return offer!;
}

/** An offer on sale at restaurant clienteId, its card registered first: what a diner test starts from. */
export async function offerOnSale(request: APIRequestContext, owner: Account, clienteId: number, tag: string): Promise<{ staff: StaffSession; offer: Cupon }> {
  const staff = await staffLogin(request, owner);
  await registerDemoCard(request, staff, clienteId);
  const offer = await createOffer(request, staff, clienteId, offerInput(tag));
  return { staff, offer };
}

/** GET /api/cupones?cliente_id=: the offer with that code, if it is on sale. */
export async function publicOffer(request: APIRequestContext, clienteId: number, codigo: string): Promise<Cupon | undefined> {
  const list = await ok<Cupon[]>(await request.get(`/api/cupones?cliente_id=${clienteId}`));
  return list.find((c) => c.codigo === codigo.toUpperCase());
}

// --- Menu administration ---------------------------------------------------

export type Categoria = { id: number; name: string; image_path: string; cliente_id: number };

/** POST /api/clover/sync-all: imports the restaurant's POS catalogue (idempotent). */
export async function syncCatalog(request: APIRequestContext, staff: StaffSession, clienteId: number) {
  await ok(await request.post('/api/clover/sync-all', { headers: bearer(staff.token), data: { cliente_id: clienteId } }));
}

/** POST /api/categories: a main category of the diner's menu. */
export async function createCategory(request: APIRequestContext, staff: StaffSession, clienteId: number, name: string): Promise<Categoria> {
  const r = await ok<{ categoria: Categoria }>(
    await request.post('/api/categories', { headers: bearer(staff.token), data: { name, cliente_id: clienteId } }),
  );
  return r.categoria;
}

/** POST /api/categorias/{id}/imagen: the category's image; answers its path. */
export async function uploadCategoryImage(request: APIRequestContext, staff: StaffSession, clienteId: number, categoryId: number): Promise<string> {
  const r = await ok<{ path: string }>(
    await request.post(`/api/categorias/${categoryId}/imagen?cliente_id=${clienteId}`, {
      headers: bearer(staff.token),
      multipart: { image: { name: 'categoria.png', mimeType: 'image/png', buffer: makePng(120, 90, [40, 120, 200]) } },
    }),
  );
  return r.path;
}

export type Producto = { id: number; name: string; image_path: string; visible: boolean };

export type PosCategoria = { clover_category_id: string; subcategoria_nombre: string };

/** GET /api/clover/categories: the POS categories the subcategory picker offers (after a sync). */
export async function posCategories(request: APIRequestContext, staff: StaffSession, clienteId: number): Promise<PosCategoria[]> {
  const r = await ok<{ categorias: PosCategoria[] }>(await request.get(`/api/clover/categories?cliente_id=${clienteId}`, { headers: bearer(staff.token) }));
  return r.categorias;
}

/** POST /api/categories/{id}/subcategories: links POS categories to a main category, at these positions. */
export async function assignSubcategories(
  request: APIRequestContext,
  staff: StaffSession,
  clienteId: number,
  categoryId: number,
  positions: Record<string, number>,
) {
  await ok(
    await request.post(`/api/categories/${categoryId}/subcategories`, {
      headers: bearer(staff.token),
      data: { cliente_id: clienteId, cloverCategoryIds: Object.keys(positions), positions },
    }),
  );
}

/** GET /api/categories/{id}/subcategories: a main category's subcategories as the diner's menu orders them. */
export async function subcategoryNames(request: APIRequestContext, clienteId: number, categoryId: number): Promise<string[]> {
  const r = await ok<{ subcategorias: { name: string }[] }>(await request.get(`/api/categories/${categoryId}/subcategories?cliente_id=${clienteId}`));
  return r.subcategorias.map((c) => c.name);
}

/** PUT /api/clover/products/{id}/visibility: shows or hides a product on the diner's menu. */
export async function setProductVisible(request: APIRequestContext, staff: StaffSession, clienteId: number, id: number, visible: boolean) {
  await ok(await request.put(`/api/clover/products/${id}/visibility`, { headers: bearer(staff.token), data: { cliente_id: clienteId, visible } }));
}

/** POST /api/clover/products/{id}/image: replaces a product's image; answers its URL. */
export async function uploadProductImage(request: APIRequestContext, staff: StaffSession, clienteId: number, id: number): Promise<string> {
  const r = await ok<{ url: string }>(
    await request.post(`/api/clover/products/${id}/image`, {
      headers: bearer(staff.token),
      multipart: {
        cliente_id: String(clienteId),
        image: { name: 'producto.png', mimeType: 'image/png', buffer: makePng(200, 200, [40, 160, 90]) },
      },
    }),
  );
  return r.url;
}

/**
 * The products a diner's menu lists under category → subcategory (the
 * public GET /api/categories, /subcategories and /productos, by Spanish name).
 */
export async function menuProducts(request: APIRequestContext, clienteId: number, category: string, subcategory: string): Promise<Producto[]> {
  const { categorias } = await ok<{ categorias: Categoria[] }>(await request.get(`/api/categories?cliente_id=${clienteId}`));
  const cat = categorias.find((c) => c.name === category);
  expect(cat, `category ${category}`).toBeTruthy();
  const { subcategorias } = await ok<{ subcategorias: { name: string; clover_category_id: string }[] }>(
    await request.get(`/api/categories/${cat!.id}/subcategories?cliente_id=${clienteId}`),
  );
  const sub = subcategorias.find((c) => c.name === subcategory);
  expect(sub, `subcategory ${subcategory}`).toBeTruthy();
  const { productos } = await ok<{ productos: Producto[] }>(
    await request.get(`/api/productos?cliente_id=${clienteId}&category_id=${encodeURIComponent(sub!.clover_category_id)}`),
  );
  return productos;
}

export type Popup = { id: number; cliente_id: number; name: string; file_url: string };

/** POST /api/popups (multipart): a new promotion of the restaurant, the newest one. */
export async function createPopup(
  request: APIRequestContext,
  staff: StaffSession,
  clienteId: number,
  name: string,
  nameEn = '',
  [width, height] = [64, 48],
): Promise<Popup> {
  return ok<Popup>(
    await request.post('/api/popups', {
      headers: bearer(staff.token),
      multipart: {
        cliente_id: String(clienteId),
        name,
        ...(nameEn ? { name_en: nameEn } : {}),
        file: { name: 'promo.png', mimeType: 'image/png', buffer: makePng(width, height, [200, 40, 60]) },
      },
    }),
  );
}

/** DELETE /api/popups/{id}. */
export async function deletePopup(request: APIRequestContext, staff: StaffSession, id: number): Promise<void> {
  const res = await request.delete(`/api/popups/${id}`, { headers: bearer(staff.token) });
  expect(res.ok(), `DELETE /api/popups/${id}: ${res.status()}`).toBe(true);
}

/** DELETE /api/popups/{id} for every promotion of the restaurant; returns what was deleted. */
export async function deletePopups(request: APIRequestContext, staff: StaffSession, clienteId: number): Promise<Popup[]> {
  const popups = await ok<Popup[]>(await request.get(`/api/popups?cliente_id=${clienteId}`));
  for (const p of popups) await deletePopup(request, staff, p.id);
  return popups;
}

// --- Diners ----------------------------------------------------------------

/**
 * POST /api/usuarios/registro: a new diner (counts against the per-address registration limit);
 * with consent, one who ticked marketing e-mail and WhatsApp (none is presumed otherwise).
 */
export async function registerDiner(
  request: APIRequestContext,
  { nombre = 'Diana Comensal', clienteId = 1, consent = false } = {},
): Promise<DinerAccount> {
  const email = `${unique('diner').toLowerCase()}@e2e.test`;
  const password = 'e2e-Diner-pass-123';
  const res = await request.post('/api/usuarios/registro', {
    data: {
      nombre,
      email,
      telefono: '5550000000',
      password,
      cliente_id: clienteId,
      suscrito_mailing: consent,
      whatsapp_notificaciones: consent,
    },
  });
  const s = await ok<DinerSession>(res);
  return { nombre, email, password, usuarioId: s.usuario_id };
}

/** POST /api/auth/login-usuario: a new session of the diner (its own token, revoked on its own). */
export async function dinerLogin(request: APIRequestContext, diner: Account): Promise<DinerSession> {
  return ok<DinerSession>(await request.post('/api/auth/login-usuario', { data: { email: diner.email, password: diner.password } }));
}

/**
 * signInDiner signs the diner in for a browser context with a session of
 * its own (web/src/lib/diner-session.ts keys), written once before the first
 * page of the origin loads.
 */
export async function signInDiner(context: BrowserContext, request: APIRequestContext, diner: Account, baseURL: string) {
  const s = await dinerLogin(request, diner);
  await seedStorage(context, baseURL, { auth_token: s.token, usuario_id: String(s.usuario_id) });
  return s;
}

export type DinerProfile = { id: number; nombre: string; email: string; suscrito_mailing: boolean; whatsapp_notificaciones: boolean };

/** GET /api/usuarios/{id}: the diner's profile. */
export async function dinerProfile(request: APIRequestContext, session: DinerSession): Promise<DinerProfile> {
  return ok<DinerProfile>(await request.get(`/api/usuarios/${session.usuario_id}`, { headers: bearer(session.token) }));
}

/** GET /api/usuarios/{id}/compras: the diner's purchases, newest first. */
export async function dinerPurchases(request: APIRequestContext, session: DinerSession): Promise<Compra[]> {
  return ok<Compra[]>(await request.get(`/api/usuarios/${session.usuario_id}/compras`, { headers: bearer(session.token) }));
}

/** POST /api/checkout-clover: holds one unit of the offer and answers the (demo) checkout page. */
export async function startCheckout(request: APIRequestContext, session: DinerSession, cuponId: number, lang: 'es' | 'en' = 'es'): Promise<Checkout> {
  const r = await ok<{ checkout_url: string; compra_id: number; total: number }>(
    await request.post('/api/checkout-clover', {
      // The purchase's language is the one its e-mails are written in.
      headers: { ...bearer(session.token), 'Accept-Language': lang },
      data: { cupon_id: cuponId, usuario_id: session.usuario_id },
    }),
  );
  const sessionId = /\/demo\/checkout\/(demo_cs_[^/?#]+)/.exec(r.checkout_url)?.[1];
  expect(sessionId, `a demo checkout URL: ${r.checkout_url}`).toBeTruthy();
  return { checkoutUrl: r.checkout_url, sessionId: sessionId!, compraId: r.compra_id, total: r.total };
}

/** POST /api/demo/checkout/{session}/pay: what the demo page's 'Pagar' does. */
export async function payDemoCheckout(request: APIRequestContext, checkout: Checkout) {
  const r = await ok<{ estado: string }>(await request.post(`/api/demo/checkout/${checkout.sessionId}/pay`));
  expect(r.estado).toBe('pagado');
}

/** A paid voucher of the offer for the diner: the starting point of the redemption tests. */
export async function paidVoucher(request: APIRequestContext, diner: Account, cuponId: number): Promise<string> {
  const session = await dinerLogin(request, diner);
  const checkout = await startCheckout(request, session, cuponId);
  await payDemoCheckout(request, checkout);
  const compra = (await dinerPurchases(request, session)).find((c) => c.id === checkout.compraId);
  expect(compra?.estado).toBe('pagado');
  expect(compra?.codigo_voucher).toBeTruthy();
  return compra!.codigo_voucher!;
}

// --- Browser storage -------------------------------------------------------

/**
 * seedStorage writes entries to the origin's localStorage before its first
 * page runs, once per context: a marker entry keeps a later navigation
 * from writing them again (after a sign-out, say).
 */
async function seedStorage(context: BrowserContext, baseURL: string, entries: Record<string, string>) {
  const origin = new URL(baseURL).origin;
  const marker = `e2e-seeded-${unique('s')}`;
  await context.addInitScript(
    ([o, m, e]) => {
      if (window.location.origin !== o) return;
      try {
        if (window.localStorage.getItem(m)) return;
        for (const [k, v] of Object.entries(e)) window.localStorage.setItem(k, v);
        window.localStorage.setItem(m, '1');
      } catch {
        // no storage in this document (about:blank): the next one seeds it
      }
    },
    [origin, marker, entries] as const,
  );
}

// --- Online ordering ---------------------------------------------------------

type OnlineProduct = { id: number; name: string; modifiers: { name: string; modifiers: { id: string; name: string }[] }[] };

/** GET /api/orders/clover_products_online: a product of the online menu by name, with its modifier ids by name. */
export async function onlineProduct(request: APIRequestContext, clienteId: number, name: string) {
  const r = await ok<{ categorias: { productos: OnlineProduct[] }[] }>(
    await request.get(`/api/orders/clover_products_online?cliente_id=${clienteId}`),
  );
  const p = r.categorias.flatMap((c) => c.productos).find((x) => x.name === name);
  expect(p, `${name} on the online menu of ${clienteId}`).toBeTruthy();
  const modifiers = new Map(p!.modifiers.flatMap((g) => g.modifiers.map((m) => [m.name, m.id] as const)));
  return { id: p!.id, modifiers };
}

export type PlacedOrder = { pedidoId: number; token: string; total: number };

/**
 * A guest's pickup order of restaurant 1 (two steaks 'Al punto' with fries,
 * as internal/api/ordering_test.go places it), paid with the spec's direct
 * pay call (POST /api/orders/{cliente_id}/pay, demo provider).
 */
export async function placePaidOrder(
  request: APIRequestContext,
  nombre: string,
  note = '',
  { lang = 'es', email = 'guest@e2e.test' }: { lang?: 'es' | 'en'; email?: string } = {},
): Promise<PlacedOrder> {
  const steak = await onlineProduct(request, 1, 'Chuletón de Res');
  const placed = await ok<{ pedido_id: number; token: string; total: number }>(
    await request.post('/api/orders', {
      // The order's language is the one its e-mails are written in.
      headers: { 'Accept-Language': lang },
      data: {
        cliente_id: 1,
        order_type: 'pickup',
        items: [{ product_id: steak.id, quantity: 2, modifier_ids: [steak.modifiers.get('Al punto'), steak.modifiers.get('Patatas fritas')] }],
        customer: { nombre, email, telefono: '555 1234' },
        note,
      },
    }),
  );
  await ok(await request.post('/api/orders/1/pay', { data: { pedido_id: placed.pedido_id, token: placed.token, amount: placed.total } }));
  return { pedidoId: placed.pedido_id, token: placed.token, total: placed.total };
}

// --- Tables ------------------------------------------------------------------

type TablesSettings = {
  mesas: { numero: number; nombre: string; codigo: string }[];
  modo: 'por_pedido' | 'al_final';
  propinas: { activo: boolean; porcentajes: number[]; defecto: number };
  recoger_activo: boolean;
};

/**
 * PUT /api/clientes/{id}/mesas as its owner: tables 1..n (the dining room
 * tables.spec.ts sets up), pickup kept on. Answers the printed code of each
 * table by number, and `restore`, which puts the dining room back as it was
 * (a spec that shares the worker's server with later ones leaves it alone).
 */
export async function tablesSetUp(request: APIRequestContext, owner: Account, clienteId: number, n = 12) {
  const staff = await staffLogin(request, owner);
  const headers = bearer(staff.token);
  const url = `/api/clientes/${clienteId}/mesas`;
  const before = await ok<TablesSettings>(await request.get(url, { headers }));
  const put = async (s: Omit<TablesSettings, 'mesas'> & { mesas: { numero: number; nombre: string }[] }) =>
    ok<TablesSettings>(await request.put(url, { headers, data: s }));
  const saved = await put({
    mesas: Array.from({ length: n }, (_, i) => ({ numero: i + 1, nombre: '' })),
    modo: 'al_final',
    propinas: { activo: true, porcentajes: [10, 15, 20], defecto: 15 },
    recoger_activo: true,
  });
  return {
    code: (numero: number) => saved.mesas.find((m) => m.numero === numero)!.codigo,
    restore: async () => {
      await put({ ...before, mesas: before.mesas.map(({ numero, nombre }) => ({ numero, nombre })) });
    },
  };
}

/** PUT /api/pedidos/{id}/estado as restaurant 1's staff: the kitchen cancels an order with its reason. */
export async function cancelOrder(request: APIRequestContext, staff: StaffSession, pedidoId: number, motivo: string) {
  await ok(await request.put(`/api/pedidos/${pedidoId}/estado`, { headers: bearer(staff.token), data: { cliente_id: 1, estado: 'cancelado', motivo } }));
}

export type OutboxMail = { kind: string; to: string; subject: string; text: string };

/** GET /api/admin/outbox as the super admin: the e-mails sent to an address, newest first. */
export async function mailsTo(request: APIRequestContext, admin: StaffSession, to: string): Promise<OutboxMail[]> {
  const all = await ok<OutboxMail[]>(await request.get('/api/admin/outbox', { headers: bearer(admin.token) }));
  return all.filter((m) => m.to === to);
}

/**
 * A coupon payment owed back: the offer (one unit) sold out while the first diner paid. The first
 * diner's checkout is declined, the second buys and pays the last unit, then the first pays after
 * all (the demo page's 'Pagar'): the payment is kept for refund.
 */
export async function soldOutPayment(
  request: APIRequestContext,
  first: DinerAccount,
  second: DinerAccount,
  offerId: number,
  lang: 'es' | 'en' = 'es',
): Promise<Checkout> {
  const a = await startCheckout(request, await dinerLogin(request, first), offerId, lang);
  await ok(await request.post(`/api/demo/checkout/${a.sessionId}/decline`));
  await payDemoCheckout(request, await startCheckout(request, await dinerLogin(request, second), offerId));
  const late = await request.post(`/api/demo/checkout/${a.sessionId}/pay`);
  expect(late.status(), 'the late payment finds the offer sold out').toBe(409);
  return a;
}

// --- Wines -----------------------------------------------------------------

export type Vino = { id: number; nombre: string; tipo: string; precio: number; disponible: 0 | 1; etiqueta_url: string };

/** POST /api/vinos as the restaurant's staff: a wine of its cellar. */
export async function createWine(
  request: APIRequestContext,
  staff: StaffSession,
  clienteId: number,
  wine: { nombre: string; tipo?: string; precio?: number; descripcion?: string; region?: string; pais?: string },
): Promise<Vino> {
  const r = await ok<{ vino: Vino }>(
    await request.post('/api/vinos', { headers: bearer(staff.token), data: { cliente_id: clienteId, ...wine } }),
  );
  return r.vino;
}

/** GET /api/vinos?cliente_id= anonymously: the wines a diner's cava shows. */
export async function publicWines(request: APIRequestContext, clienteId: number): Promise<Vino[]> {
  return ok<Vino[]>(await request.get(`/api/vinos?cliente_id=${clienteId}`));
}

/** A restaurant the super admin created (pendiente, not connected; in pais, else the default country), with its owner signed up from the e-mailed link. */
export async function restaurantWithOwner(
  request: APIRequestContext,
  superAdmin: Account,
  tag: string,
  { nombre = `Conexión ${tag}`, pais }: { nombre?: string; pais?: string } = {},
) {
  const admin = await staffLogin(request, superAdmin);
  const auth = { Authorization: `Bearer ${admin.token}` };
  const merchant = `M${tag}`;
  const email = `owner-${tag.toLowerCase()}@example.com`;
  const created = await request.post('/api/clients', { data: { nombre, merchant_id: merchant, pais }, headers: auth });
  expect(created.status()).toBe(201);
  const c = (await created.json()) as { id: number; nombre: string; merchant_id: string | null };
  expect((await request.post('/api/send-email', { data: { merchant_id: merchant, email }, headers: auth })).ok()).toBe(true);
  const outbox = (await (await request.get('/api/admin/outbox', { headers: auth })).json()) as { id: number; to: string; text: string }[];
  const text = outbox.filter((m) => m.to === email).sort((a, b) => b.id - a.id)[0].text;
  const link = new URL(/\S*\/establecer-password\?[^\s"<>]+/.exec(text)![0]);
  const password = 'clave-conexion-1';
  const set = await request.post('/api/establecer-password', {
    data: { merchant_id: merchant, email, new_password: password, token: link.searchParams.get('token') },
  });
  expect(set.ok()).toBe(true);
  return { cliente: c, merchant, owner: { email, password } };
}
