import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockFetch, renderApp, resetLanguage, storeSession, type FetchCall } from '../../test/utils';
import { setDinerSession } from '../../lib/diner-session';
import { countdown, formatCountdown } from './lib/countdown';
import { demoCardToken, formatCardNumber } from './lib/demo-card';
import { resolveOffersClienteId } from './lib/cliente-id';
import { browser } from './lib/browser';
import type { Cupon } from './api/offers-api';

const HOUR = 3600;
const DAY = 24 * HOUR;

describe('coupon countdown', () => {
  beforeEach(resetLanguage);
  const t = i18next.t.bind(i18next);
  const now = Date.UTC(2030, 0, 1, 12, 0, 0);
  const at = (seconds: number) => now / 1000 + seconds;

  it('splits the time left into days and hours', () => {
    expect(countdown(at(3 * DAY + 5 * HOUR + 59 * 60), now)).toEqual({ expired: false, days: 3, hours: 5 });
    expect(formatCountdown(countdown(at(3 * DAY + 5 * HOUR + 10), now), t)).toBe('3 días, 5 horas');
    expect(formatCountdown(countdown(at(DAY + HOUR), now), t)).toBe('1 día, 1 hora');
    expect(formatCountdown(countdown(at(2 * HOUR), now), t)).toBe('0 días, 2 horas');
    expect(formatCountdown(countdown(at(59 * 60), now), t)).toBe('menos de 1 hora');
  });

  it("is 'Expirado' once past", () => {
    expect(countdown(at(0), now)).toEqual({ expired: true });
    expect(formatCountdown(countdown(at(-1), now), t)).toBe('Expirado');
  });

  it('speaks English too', async () => {
    await i18next.changeLanguage('en');
    expect(formatCountdown(countdown(at(2 * DAY + 1 * HOUR), now), i18next.t.bind(i18next))).toBe('2 days, 1 hour');
    expect(formatCountdown(countdown(at(-5), now), i18next.t.bind(i18next))).toBe('Expired');
  });
});

describe('demo card tokens', () => {
  const now = new Date(2030, 5, 15);
  it('turns the two test numbers into demo tokens, in the browser', () => {
    expect(demoCardToken({ number: '4242 4242 4242 4242', expiry: '12/31', cvc: '123' }, now)).toEqual({ ok: true, token: 'demo_tok_4242' });
    expect(demoCardToken({ number: '4000000000000002', expiry: '06/30', cvc: '1234' }, now)).toEqual({ ok: true, token: 'demo_tok_0002' });
  });
  it('refuses other numbers, past or bad expiry and bad CVC', () => {
    expect(demoCardToken({ number: '5555 5555 5555 4444', expiry: '12/31', cvc: '123' }, now)).toEqual({ ok: false, error: 'number' });
    expect(demoCardToken({ number: '4242424242424242', expiry: '05/30', cvc: '123' }, now)).toEqual({ ok: false, error: 'expiry' });
    expect(demoCardToken({ number: '4242424242424242', expiry: '13/31', cvc: '123' }, now)).toEqual({ ok: false, error: 'expiry' });
    expect(demoCardToken({ number: '4242424242424242', expiry: '12/31', cvc: '12' }, now)).toEqual({ ok: false, error: 'cvc' });
    expect(formatCardNumber('42424242424242424242')).toBe('4242 4242 4242 4242');
  });
});

describe('offers restaurant id', () => {
  it('takes ?menu=, else the path segment, else the stored cliente_id', () => {
    expect(resolveOffersClienteId('4', '9', '1')).toBe('4');
    expect(resolveOffersClienteId(null, '9', '1')).toBe('9');
    expect(resolveOffersClienteId(null, undefined, '1')).toBe('1');
    expect(resolveOffersClienteId('x', undefined, null)).toBeNull();
  });
});

// ---------------------------------------------------------------------------
// Crear Oferta: card check, card dialog, offer form, owner list.

const ownerOffer: Cupon = {
  id: 11,
  cliente_id: 3,
  codigo: 'PIZZA2X1',
  titulo: 'Pizza 2x1',
  descripcion: 'Dos pizzas al precio de una',
  titulo_en: '',
  descripcion_en: '',
  descuento: 50,
  precio: 2000,
  precio_final: 1000,
  imagen_url: '/media/p.jpg',
  fecha_expiracion: Math.floor(Date.now() / 1000) + 10 * DAY,
  cantidad_disponible: 7,
  estado: 'activo',
  vendidos: 3,
};

function ownerRoutes(extra: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
  storeSession({ clienteId: '3' });
  return mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0 } },
    'GET /api/clientes/3/verificar_tarjeta': { body: { registrada: true, message: 'Tarjeta registrada.', brand: 'visa', last4: '4242', provider: 'demo' } },
    'GET /api/billing/config': { body: { provider: 'demo', publishable_key: '' } },
    'GET /api/clientes/3/cupones': { body: [ownerOffer] },
    ...extra,
  });
}

const posts = (calls: FetchCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

describe('Crear Oferta: card registration', () => {
  beforeEach(resetLanguage);

  it('enables the form when a card is on file', async () => {
    ownerRoutes();
    renderApp('/crear-oferta?cliente_id=3');
    expect(await screen.findByRole('heading', { name: 'Crear Oferta', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Tarjeta visa •••• 4242')).toBeInTheDocument();
    expect(screen.getByLabelText('Título')).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('demands a card (a 200 without one, not a 404), registers the demo 4242 card as demo_tok_4242 and enables the form', async () => {
    const { calls } = ownerRoutes({
      'GET /api/clientes/3/verificar_tarjeta': { body: { registrada: false, message: 'No hay una tarjeta registrada.', brand: '', last4: '', provider: '' } },
      'POST /api/clientes/3/agregar-tarjeta': { body: { message: 'Tarjeta registrada correctamente.', brand: 'visa', last4: '4242' } },
    });
    renderApp('/crear-oferta?cliente_id=3');
    const dialog = await screen.findByRole('dialog', { name: 'Registrar tarjeta' });
    expect(within(dialog).getByText(/Debes registrar una tarjeta/)).toBeInTheDocument();
    expect(await within(dialog).findByTestId('demo-card-note')).toHaveTextContent(
      'Modo demostración — no se cobra nada; usa 4242 4242 4242 4242 (aprueba) o 4000 0000 0000 0002 (rechaza los cobros).',
    );
    expect(screen.getByLabelText('Título')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Crear Oferta' })).toBeDisabled();

    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Número de tarjeta'), '4242424242424242');
    expect(within(dialog).getByLabelText('Número de tarjeta')).toHaveValue('4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText('Vencimiento (MM/AA)'), '1299');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar tarjeta' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = posts(calls, '/api/clientes/3/agregar-tarjeta');
    expect(post.body).toEqual({ token: 'demo_tok_4242' });
    // The card number never leaves the browser.
    expect(JSON.stringify(calls.map((c) => c.body ?? null))).not.toMatch(/4242 ?4242 ?4242 ?4242/);
    expect(screen.getByText('Tarjeta visa •••• 4242')).toBeInTheDocument();
    expect(screen.getByLabelText('Título')).toBeEnabled();
  });

  it('sends demo_tok_0002 for the declining card and shows the errors', async () => {
    const { calls } = ownerRoutes({
      'GET /api/clientes/3/verificar_tarjeta': { body: { registrada: false, message: 'No hay una tarjeta registrada.', brand: '', last4: '', provider: '' } },
      'POST /api/clientes/3/agregar-tarjeta': { status: 400, body: { error: 'Error al registrar la tarjeta' } },
    });
    renderApp('/crear-oferta?cliente_id=3');
    const dialog = await screen.findByRole('dialog', { name: 'Registrar tarjeta' });
    const user = userEvent.setup();
    await user.type(await within(dialog).findByLabelText('Número de tarjeta'), '5555555555554444');
    await user.type(within(dialog).getByLabelText('Vencimiento (MM/AA)'), '1299');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar tarjeta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('En modo demostración usa 4242 4242 4242 4242 o 4000 0000 0000 0002.');
    expect(posts(calls, '/api/clientes/3/agregar-tarjeta')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Número de tarjeta'));
    await user.type(within(dialog).getByLabelText('Número de tarjeta'), '4000 0000 0000 0002');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar tarjeta' }));
    expect(await within(dialog).findByText('Error al registrar la tarjeta')).toBeInTheDocument();
    expect(posts(calls, '/api/clientes/3/agregar-tarjeta')[0].body).toEqual({ token: 'demo_tok_0002' });
    // Still no card: the form stays disabled; closing the dialog leaves a way back.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Título')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Registrar tarjeta' }));
    expect(await screen.findByRole('dialog', { name: 'Registrar tarjeta' })).toBeInTheDocument();
  });

  it('only logs any other failure of the card check', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    ownerRoutes({ 'GET /api/clientes/3/verificar_tarjeta': { status: 500, body: { error: 'boom' } } });
    renderApp('/crear-oferta?cliente_id=3');
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Título')).toBeEnabled();
  });
});

async function fillOffer(user: ReturnType<typeof userEvent.setup>, image = new File(['png'], 'o.png', { type: 'image/png' })) {
  await user.type(screen.getByLabelText('Título'), 'Postre gratis');
  await user.type(screen.getByLabelText('Descripción'), 'Con cualquier plato fuerte');
  await user.type(screen.getByLabelText('Descuento (%)'), '20');
  await user.type(screen.getByLabelText('Precio (sin descuento)'), '20');
  await user.type(screen.getByLabelText('Cantidad disponible'), '5');
  await user.type(screen.getByLabelText('Código'), 'postre20');
  fireEvent.change(screen.getByLabelText('Fecha de expiración'), { target: { value: '2099-12-31' } });
  await user.upload(screen.getByLabelText('Imagen de la oferta'), image);
}

describe('Crear Oferta: the offer form', () => {
  beforeEach(resetLanguage);

  it('requires every field, the image included, and accepts image files only', async () => {
    const { calls } = ownerRoutes();
    renderApp('/crear-oferta?cliente_id=3');
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByText('Tarjeta visa •••• 4242');
    expect(screen.getByLabelText('Imagen de la oferta')).toHaveAttribute('accept', 'image/*');
    await user.click(screen.getByRole('button', { name: 'Crear Oferta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Todos los campos son obligatorios, incluida la imagen.');
    await user.upload(screen.getByLabelText('Imagen de la oferta'), new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Solo se permiten archivos de imagen.');
    expect(posts(calls, '/api/cupones')).toHaveLength(0);
  });

  it("shows 'Subiendo oferta...' and 'Creando...' while busy, then confirms and empties the form", async () => {
    let release: (r: Response) => void = () => {};
    const { calls } = ownerRoutes({
      'POST /api/cupones': () =>
        new Promise<never>((resolve) => {
          release = resolve as unknown as (r: Response) => void;
        }),
    });
    renderApp('/crear-oferta?cliente_id=3');
    const user = userEvent.setup();
    await screen.findByText('Tarjeta visa •••• 4242');
    await fillOffer(user);
    // The English title is optional; an empty English description is not sent.
    await user.type(screen.getByLabelText('Título en inglés (opcional)'), 'Free dessert');
    expect(screen.getByTestId('offer-preview')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear Oferta' }));
    expect(await screen.findByText('Subiendo oferta...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Creando...' })).toBeDisabled();

    const form = posts(calls, '/api/cupones')[0].body as FormData;
    expect(form.get('cliente_id')).toBe('3');
    expect(form.get('titulo')).toBe('Postre gratis');
    expect(form.get('titulo_en')).toBe('Free dessert');
    expect(form.get('descripcion_en')).toBeNull();
    expect(form.get('precio')).toBe('20.00');
    expect(form.get('descuento')).toBe('20');
    expect(form.get('codigo')).toBe('POSTRE20');
    expect(form.get('fecha_expiracion')).toBe('2099-12-31');
    expect(form.get('cantidad_disponible')).toBe('5');
    expect((form.get('imagen') as File).name).toBe('o.png');

    release(new Response(JSON.stringify({ message: '✅ Oferta creada con éxito', imagen_url: '/media/x.jpg', id: 12 }), { status: 201 }));
    expect(await screen.findByText('✅ Oferta creada con éxito')).toBeInTheDocument();
    expect(screen.getByLabelText('Título')).toHaveValue('');
    expect(screen.getByLabelText('Código')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Crear Oferta' })).toBeEnabled();
  });

  it("shows the server's error, or 'Error al crear la oferta'", async () => {
    ownerRoutes({ 'POST /api/cupones': { status: 409, body: { error: 'Ya existe una oferta con ese código.' } } });
    const view = renderApp('/crear-oferta?cliente_id=3');
    let user = userEvent.setup();
    await screen.findByText('Tarjeta visa •••• 4242');
    await fillOffer(user);
    await user.click(screen.getByRole('button', { name: 'Crear Oferta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya existe una oferta con ese código.');
    view.unmount();

    ownerRoutes({ 'POST /api/cupones': { status: 500 } });
    renderApp('/crear-oferta?cliente_id=3');
    user = userEvent.setup();
    await screen.findByText('Tarjeta visa •••• 4242');
    await fillOffer(user);
    await user.click(screen.getByRole('button', { name: 'Crear Oferta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al crear la oferta');
  });

  it("lists the owner's offers and pauses one", async () => {
    const { calls } = ownerRoutes({ 'PUT /api/cupones/11/estado': { body: { ...ownerOffer, estado: 'pausado' } } });
    renderApp('/crear-oferta?cliente_id=3');
    const item = await screen.findByTestId('owner-offer');
    expect(within(item).getByRole('heading', { name: 'Pizza 2x1' })).toBeInTheDocument();
    expect(within(item).getByText('$20.00')).toBeInTheDocument();
    expect(within(item).getByText('50%')).toBeInTheDocument();
    expect(within(item).getByTestId('owner-offer-stock')).toHaveTextContent('7');
    expect(within(item).getByTestId('owner-offer-sold')).toHaveTextContent('3');
    expect(within(item).getByText('Activa')).toBeInTheDocument();
    await userEvent.setup().click(within(item).getByRole('button', { name: 'Pausar' }));
    expect(await within(item).findByText('Pausada')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Reanudar' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ estado: 'pausado', cliente_id: 3 });
  });

  it("writes the expiry as the restaurant's day, in its zone (issue 29)", async () => {
    // The server stores the date 15/12/2026 of a restaurant in Mexico City as 23:59:59 there:
    // 05:59:59 UTC on the 16th, which a device in UTC or Madrid would call the 16th.
    ownerRoutes({
      'GET /api/clientes/3/cupones': { body: [{ ...ownerOffer, fecha_expiracion: Date.UTC(2026, 11, 16, 5, 59, 59) / 1000 }] },
      'GET /api/configuraciones': {
        body: { cliente_id: 3, moneda: 'MXN', pais: 'MX', locales: { es: 'es-MX', en: 'en-MX' }, zona_horaria: 'America/Mexico_City' },
      },
    });
    renderApp('/crear-oferta?cliente_id=3');
    const item = await screen.findByTestId('owner-offer');
    expect(await within(item).findByText('15 dic 2026')).toBeInTheDocument();
  });

  it('names the restaurant (body cliente_id) when it changes an offer: the server answers a super admin 400 without it', async () => {
    const { calls } = ownerRoutes({
      'PUT /api/cupones/11/estado': (call) =>
        (call.body as { cliente_id?: unknown }).cliente_id === 3
          ? { body: { ...ownerOffer, estado: 'pausado' } }
          : { status: 400, body: { error: 'Error: cliente_id no está disponible.' } },
    });
    renderApp('/crear-oferta?cliente_id=3');
    const item = await screen.findByTestId('owner-offer');
    await userEvent.setup().click(within(item).getByRole('button', { name: 'Pausar' }));
    expect(await within(item).findByText('Pausada')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ estado: 'pausado', cliente_id: 3 });
  });
});

// ---------------------------------------------------------------------------
// The diner's offers.

const offer: Cupon = {
  ...ownerOffer,
  id: 21,
  cliente_id: 1,
  titulo: 'Postre gratis',
  descripcion: 'Con cualquier plato fuerte',
  descuento: 20,
  precio: 2000,
  precio_final: 1600,
  fecha_expiracion: Math.floor(Date.now() / 1000) + 2 * DAY + 3 * HOUR + 600,
};

function dinerRoutes(extra: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
  return mockFetch({
    'GET /api/cupones': { body: [offer, { ...offer, id: 99, cliente_id: 2, titulo: 'Otro restaurante' }] },
    'GET /api/clientes/1/merchant': { body: { merchant_id: 'DEMO1' } },
    ...extra,
  });
}

describe('diner offers', () => {
  beforeEach(resetLanguage);
  afterEach(() => vi.restoreAllMocks());

  it('shows the coupons of the restaurant with the countdown, in the diner shell', async () => {
    const { calls } = dinerRoutes();
    renderApp('/usuario/ofertas?menu=1');
    expect(await screen.findByText('Cargando ofertas...')).toBeInTheDocument();
    const card = await screen.findByTestId('coupon-card');
    expect(screen.getAllByTestId('coupon-card')).toHaveLength(1);
    expect(within(card).getByRole('heading', { name: 'Postre gratis' })).toBeInTheDocument();
    expect(within(card).getByText('Descuento: 20%')).toBeInTheDocument();
    expect(within(card).getByTestId('coupon-countdown')).toHaveTextContent('Expira en: 2 días, 3 horas');
    expect(within(card).getByText('$20.00')).toBeInTheDocument();
    expect(within(card).getByText('$16.00')).toBeInTheDocument();
    // The shell's navigation replaces the spec's sidebar: the same on every diner page.
    const nav = screen.getByRole('navigation', { name: 'Navegación del restaurante' });
    expect(within(nav).getByRole('link', { name: 'Menú' })).toHaveAttribute('href', '/menu/1');
    expect(within(nav).getByRole('link', { name: 'Ofertas' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/cupones'))!.url).toBe('/api/cupones?cliente_id=1&idioma=es');
  });

  it('takes the restaurant from /usuario/{cliente_id}/ofertas', async () => {
    dinerRoutes();
    renderApp('/usuario/1/ofertas');
    expect(await screen.findByRole('heading', { name: 'Postre gratis' })).toBeInTheDocument();
  });

  it('confirms the purchase with the fee and sends total_amount = precio_final + 500', async () => {
    setDinerSession('diner-tok', 42);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { calls } = dinerRoutes({
      'POST /api/checkout-clover': { body: { checkout_url: 'http://x/demo/checkout/demo_cs_1', compra_id: 5, total: 2100 } },
    });
    renderApp('/usuario/ofertas?menu=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Comprar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Compra' });
    const breakdown = within(dialog).getByTestId('purchase-breakdown');
    expect(breakdown).toHaveTextContent('Precio$20.00');
    expect(breakdown).toHaveTextContent('Descuento20%');
    expect(breakdown).toHaveTextContent('Precio con descuento$16.00');
    expect(within(dialog).getByTestId('purchase-total')).toHaveTextContent('$21.00');
    expect(within(dialog).getByText('Incluye un fee de servicio de $5.00')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ir a Clover' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://x/demo/checkout/demo_cs_1'));
    const [post] = posts(calls, '/api/checkout-clover');
    expect(post.body).toEqual({ merchant_id: 'DEMO1', usuario_id: '42', cupon_id: 21, total_amount: 2100 });
    expect(post.headers.Authorization).toBe('Bearer diner-tok');
    expect(within(dialog).getByRole('button', { name: 'Ir a Clover' })).toHaveAttribute('aria-busy', 'true');
  });

  it.each([
    // Testing Library reads Intl's no-break space before the € as a space.
    ['es', 'Comprar', '20,00 €', 'Incluye un fee de servicio de 5,00 €', '21,00 €'],
    ['en', 'Buy', '€20.00', 'Includes a service fee of €5.00', '€21.00'],
  ])("writes the coupon's fee in a Spanish restaurant's euros (%s; issue 29)", async (lang, buy, price, fee, total) => {
    await i18next.changeLanguage(lang);
    setDinerSession('diner-tok', 42);
    dinerRoutes({
      'GET /api/configuraciones': {
        body: { cliente_id: 1, moneda: 'EUR', pais: 'ES', locale: 'es-ES', locales: { es: 'es-ES', en: 'en-ES' }, zona_horaria: 'Europe/Madrid' },
      },
    });
    renderApp('/usuario/ofertas?menu=1');
    const user = userEvent.setup();
    const card = await screen.findByTestId('coupon-card');
    expect(await within(card).findByText(price)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: buy }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(fee)).toBeInTheDocument();
    expect(within(dialog).getByTestId('purchase-total')).toHaveTextContent(total);
    expect(within(dialog).getByTestId('purchase-breakdown')).toHaveTextContent(price);
    expect(dialog).not.toHaveTextContent('$');
  });

  it("shows the checkout's errors in the modal", async () => {
    setDinerSession('diner-tok', 42);
    dinerRoutes({ 'POST /api/checkout-clover': { status: 409, body: { error: 'Este cupón está agotado o ya no está disponible.' } } });
    const view = renderApp('/usuario/ofertas?menu=1');
    let user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Comprar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirmar Compra' });
    await user.click(within(dialog).getByRole('button', { name: 'Ir a Clover' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Este cupón está agotado o ya no está disponible.');
    view.unmount();

    dinerRoutes({ 'POST /api/checkout-clover': { status: 502 } });
    renderApp('/usuario/ofertas?menu=1');
    user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Comprar' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirmar Compra' });
    await user.click(within(dialog).getByRole('button', { name: 'Ir a Clover' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error al generar el checkout en Clover');
  });

  it('asks a visitor to sign in before buying', async () => {
    const { calls } = dinerRoutes();
    renderApp('/usuario/ofertas?menu=1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Comprar' }));
    expect(await screen.findByText(/Para comprar un cupón inicia sesión/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión o registrarse' })).toHaveAttribute('href', '/restaurante/1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(calls, '/api/checkout-clover')).toHaveLength(0);
  });

  it('shows the offers load errors', async () => {
    dinerRoutes({ 'GET /api/cupones': { body: { cupones: [] } } });
    const view = renderApp('/usuario/ofertas?menu=1');
    expect(await screen.findByText('Formato de datos incorrecto en ofertas')).toBeInTheDocument();
    view.unmount();
    dinerRoutes({ 'GET /api/cupones': { status: 500, body: {} } });
    renderApp('/usuario/ofertas?menu=1');
    expect(await screen.findByText('Error al obtener las ofertas')).toBeInTheDocument();
  });

  it('shows the merchant id errors, and Comprar without one', async () => {
    setDinerSession('diner-tok', 42);
    dinerRoutes({ 'GET /api/clientes/1/merchant': { status: 404, body: { error: 'merchant_id no encontrado en la respuesta.' } } });
    let view = renderApp('/usuario/ofertas?menu=1');
    expect(await screen.findByText('merchant_id no encontrado en la respuesta.')).toBeInTheDocument();
    view.unmount();

    dinerRoutes({ 'GET /api/clientes/1/merchant': { status: 500 } });
    view = renderApp('/usuario/ofertas?menu=1');
    expect(await screen.findByText('Error al obtener Merchant ID')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Comprar' }));
    expect(await screen.findByText('❌ No se pudo obtener el Merchant ID. Intenta nuevamente.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    view.unmount();

    dinerRoutes();
    renderApp('/usuario/ofertas');
    expect(await screen.findByText('cliente_id no definido. No se puede obtener Merchant ID.')).toBeInTheDocument();
  });

  it('waits for the merchant id when Comprar is pressed before it arrived', async () => {
    setDinerSession('diner-tok', 42);
    let release: (r: Response) => void = () => {};
    dinerRoutes({
      'GET /api/clientes/1/merchant': () =>
        new Promise<never>((resolve) => {
          release = resolve as unknown as (r: Response) => void;
        }),
    });
    renderApp('/usuario/ofertas?menu=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Comprar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    release(new Response(JSON.stringify({ merchant_id: 'DEMO1' }), { status: 200 }));
    expect(await screen.findByRole('dialog', { name: 'Confirmar Compra' })).toBeInTheDocument();
    expect(screen.queryByText('❌ No se pudo obtener el Merchant ID. Intenta nuevamente.')).not.toBeInTheDocument();
  });

  it('disables Comprar on an expired coupon', async () => {
    dinerRoutes({ 'GET /api/cupones': { body: [{ ...offer, fecha_expiracion: Math.floor(Date.now() / 1000) - 10 }] } });
    renderApp('/usuario/ofertas?menu=1');
    const card = await screen.findByTestId('coupon-card');
    expect(within(card).getByTestId('coupon-countdown')).toHaveTextContent('Expira en: Expirado');
    expect(within(card).getByRole('button', { name: 'Comprar' })).toBeDisabled();
  });
});
