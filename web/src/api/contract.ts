import type { components, paths } from './schema';

/**
 * The API contract as the web app uses it: names for the schemas of the
 * server's OpenAPI document (internal/api/openapi.json, generated into
 * ./schema.d.ts by `npm run api:types`). Every type here is derived from the
 * generated ones, so a field renamed or removed in the document breaks the
 * type-check of the code that reads it. Type-only: nothing here reaches the
 * bundle.
 */
export type Schemas = components['schemas'];

type Method = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body that `method path` answers with `status` (200 unless given). */
export type ResponseBody<P extends keyof paths, M extends Method, S extends number = 200> = Json<
  Operation<P, M>['responses'][S & keyof Operation<P, M>['responses']]
>;

/** The JSON body that `method path` takes. */
export type RequestBody<P extends keyof paths, M extends Method> = Json<NonNullable<Operation<P, M>['requestBody']>>;

export type Cliente = Schemas['Cliente'];
export type SessionInfo = Schemas['SessionInfo'];
export type LoginResult = Schemas['LoginResult'];
export type Translations = Schemas['Translations'];

/** A restaurant's look and feel (GET /api/configuraciones). */
export type Settings = Schemas['Settings'];
export type SettingsInput = Schemas['SettingsInput'];
/** A main category of the menu. */
export type Categoria = Schemas['Categoria'];
/** A POS category placed under a main category. */
export type Subcategoria = Schemas['Subcategoria'];
/** A menu product; `price` is integer cents. */
export type Producto = Schemas['Producto'];
/** The list answers of the menu's reads (the diner menu and the catalogue screens). */
export type CategoriasBody = ResponseBody<'/api/categories', 'get'>;
export type SubcategoriasBody = ResponseBody<'/api/categories/{id}/subcategories', 'get'>;
export type ProductosBody = ResponseBody<'/api/productos', 'get'>;
/** A point-of-sale category offered by the subcategory picker. */
export type PosCategoria = Schemas['PosCategoria'];
/** The POS's modifier groups, modifiers and taxes with the owner's Spanish and English names. */
export type NombresPOS = Schemas['NombresPOS'];
export type NombrePOSInput = RequestBody<'/api/clientes/{cliente_id}/nombres-pos', 'put'>['nombres'][number];
export type SyncResult = Schemas['SyncResult'];
/** A promotional popup of a restaurant. */
export type Popup = Schemas['Popup'];
/** A diner's session: POST /api/usuarios/registro and /api/auth/login-usuario. */
export type DinerSession = Schemas['DinerSession'];
export type Usuario = Schemas['Usuario'];
/** One of a diner's open sessions as the diner sees it ('Manejar Cuenta'). */
export type SesionUsuario = Schemas['SesionUsuario'];
/** A purchased coupon as its diner sees it; amounts are cents, times Unix seconds (0: none). */
export type Compra = Schemas['Compra'];
export type PuntosRestaurante = Schemas['PuntosRestaurante'];
/** A diner of a restaurant as its owner sees them ('Clientes'): figures of that restaurant, contact only with consent. */
export type Comensal = Schemas['Comensal'];
export type Comensales = Schemas['Comensales'];
export type PuntosMovimiento = PuntosRestaurante['historial'][number];
export type RestauranteResumen = Schemas['RestauranteResumen'];
/** An offer (cupón): money in cents, expiry in Unix seconds. */
export type Cupon = Schemas['Cupon'];
/** A platform fee (the 500-cent charge per coupon sold). */
export type Fee = Schemas['Fee'];
export type OutboxMessage = Schemas['OutboxMessage'];
/** A payment taken for a voucher that could not be issued (the offer sold out while the diner paid). */
export type Refund = Schemas['Refund'];
/** A purchase as the demo hosted-checkout page shows it (GET /api/demo/checkout/{session_id}). */
export type DemoCheckout = Schemas['DemoCheckout'];
/** A voucher a restaurant just redeemed (POST /api/clientes/{cliente_id}/vouchers/canjear). */
export type Voucher = Schemas['Voucher'];

/** Online ordering (pickup): the orderable menu; prices are cents. */
export type OnlineMenu = Schemas['OnlineMenu'];
export type OnlineCategory = Schemas['OnlineCategory'];
export type OnlineProduct = Schemas['OnlineProduct'];
/** A modifier group: choose at least min_required and at most max_allowed (0: no maximum). */
export type OnlineGroup = Schemas['OnlineGroup'];
export type OnlineModifier = Schemas['OnlineModifier'];
/** A cart line as the browser sends it: ids and quantities only, never prices. */
export type LineRequest = Schemas['LineRequest'];
/** The server's pricing of a cart (POST /api/orders/quote). */
export type Quote = Schemas['Quote'];
/** The pickup times offered now (GET /api/orders/config). */
export type Availability = Schemas['Availability'];
export type PickupSlot = Schemas['Slot'];
/** POST /api/orders: the order placed and its checkout page. */
export type PlaceOrderInput = RequestBody<'/api/orders', 'post'>;
export type OrderPlaced = Schemas['OrderPlaced'];
/** An order as its diner follows it (GET /api/pedidos/{id}, GET /api/usuarios/{usuario_id}/pedidos). */
export type OrderTracking = Schemas['OrderTracking'];
export type OrderLine = Schemas['OrderLine'];
/** An order as the restaurant's staff see it (the kitchen's board); amounts are cents, times Unix seconds. */
export type Pedido = Schemas['Pedido'];
export type EstadoPedido = Pedido['estado'];
/** The board: the day's orders, their totals and the ordering settings. */
export type Board = Schemas['Board'];
/** A restaurant's online ordering settings. */
export type OrderConfig = Schemas['OrderConfig'];
/** An opening interval: dia 0–6 (0 = Sunday), abre and cierra "HH:MM" ("24:00" is midnight). */
export type OpeningHours = Schemas['Hours'];
/** The super admin's counts (GET /api/admin/resumen). */
export type Oversight = Schemas['Oversight'];
/** A cancelled, paid online order to refund (GET /api/admin/pedidos/reembolsos). */
export type OrderRefund = Schemas['OrderRefund'];
export type RefundOwed = Schemas['RefundOwed'];
/** Where a payment's refund through the payment provider stands (`reembolso_detalle`). */
export type RefundStatus = Schemas['RefundStatus'];
/** The super admin's new restaurant (POST /api/clients). */
export type NewCliente = Schemas['NewCliente'];
/** The super admin's edit of a restaurant (PUT /api/clients/{cliente_id}). */
export type ClienteEdit = Schemas['ClienteEdit'];
/** A wine of a restaurant's cellar: prices in cents, `anio` null for a wine without vintage. */
export type Vino = Schemas['Vino'];
/** A wine as the owner sends it (POST /api/vinos, PUT /api/vinos/{id}). */
export type VinoInput = Schemas['VinoInput'];
/** What the wine lookup found (POST /api/buscar-vino), with the fields it inferred. */
export type WineLookup = Schemas['WineLookup'];
/** A restaurant with a cava to explore (GET /api/cavas). */
export type Cava = Schemas['Cava'];
export type CreateVinoBody = ResponseBody<'/api/vinos', 'post', 201>;
export type BuscarVinoBody = ResponseBody<'/api/buscar-vino', 'post'>;
export type BuscarVinoInput = RequestBody<'/api/buscar-vino', 'post'>;
export type WineLabelBody = ResponseBody<'/api/vinos/{id}/imagen', 'post'>;

/** Tables (issue 31): a table as the diner and staff see it, what its QR opens, and its tab. */
export type TableRef = Schemas['TableRef'];
export type TipSettings = Schemas['TipSettings'];
/** A tab's id and its bearer secret (X-Cuenta-Token or ?t=). */
export type TabAccess = Schemas['TabAccess'];
export type TableInfo = Schemas['TableInfo'];
export type TableOrderPlaced = Schemas['TableOrderPlaced'];
export type TableOrderInput = RequestBody<'/api/mesas/{cliente_id}/{codigo}/pedidos', 'post'>;
export type TabLine = Schemas['TabLine'];
export type TabOrder = Schemas['TabOrder'];
export type TabSplit = Schemas['TabSplit'];
export type TabPayment = Schemas['TabPayment'];
export type TabTax = Schemas['TabTax'];
/** A table's tab: its orders and lines, totals, what is paid and what remains (cents). */
export type Tab = Schemas['Tab'];
export type TabPaymentInput = RequestBody<'/api/cuentas/{id}/pagos', 'post'>;
export type TabPaymentStarted = Schemas['TabPaymentStarted'];
export type TabReceipt = Schemas['TabReceipt'];
/** The tables settings ('Mesas y propinas'): each table with its printed code and URL. */
export type TableSetting = Schemas['TableSetting'];
export type TablesSettings = Schemas['TablesSettings'];
export type TablesSettingsInput = RequestBody<'/api/clientes/{cliente_id}/mesas', 'put'>;
/** Each table's printable QR code, drawn by the server (SVG). */
export type TableQRCodes = Schemas['TableQRCodes'];
/** The open tabs and the restaurant's tables as the staff's 'Mesas' page reads them. */
export type StaffTabs = Schemas['StaffTabs'];
export type TabCashPayment = RequestBody<'/api/clientes/{cliente_id}/cuentas/{cuenta_id}/pagos', 'post'>;
