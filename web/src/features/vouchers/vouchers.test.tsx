import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../../test/utils';

const fees = [
  { id: 1, compra_id: 10, cliente_id: 3, amount: 500, currency: 'USD', estado: 'cobrado', attempts: 1, charge_id: 'c1', last_error: '', created_at: 1_800_000_000, charged_at: 1_800_000_100 },
  { id: 2, compra_id: 11, cliente_id: 3, amount: 500, currency: 'USD', estado: 'cobrado', attempts: 1, charge_id: 'c2', last_error: '', created_at: 1_800_000_000, charged_at: 1_800_000_100 },
  { id: 3, compra_id: 12, cliente_id: 3, amount: 500, currency: 'USD', estado: 'pendiente', attempts: 0, charge_id: '', last_error: '', created_at: 1_800_000_000, charged_at: 0 },
  { id: 4, compra_id: 13, cliente_id: 3, amount: 500, currency: 'USD', estado: 'fallido', attempts: 5, charge_id: '', last_error: 'card_declined', created_at: 1_800_000_000, charged_at: 0 },
];

const totals = { pedidos: 0, ventas_pedidos: 0, propinas: 0, cupones: 0, ventas_cupones: 0, ingresos: 0, fees: 0, fees_cobrados: 0 };
const resumen = { moneda: 'USD', zona_horaria: 'America/New_York', dias: 30, hoy: totals, periodo: totals, serie: [] };

function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  storeSession({ clienteId: '3' });
  return mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0 } },
    'GET /api/clientes/3': { body: { id: 3, nombre: 'La Trattoria' } },
    'GET /api/clientes/3/fees': { body: fees },
    // The panel's summary above the redeem form (its own tests: features/dashboard).
    'GET /api/clientes/3/resumen': { body: resumen },
    ...extra,
  });
}

describe('restaurant panel: redeem a coupon', () => {
  beforeEach(resetLanguage);

  it('redeems a code and shows the message', async () => {
    const { calls } = routes({
      'POST /api/clientes/3/vouchers/canjear': {
        body: { message: 'Cupón canjeado correctamente.', voucher: { codigo: 'V-ABC', descripcion: 'Postre gratis', estado: 'canjeado', total: 2100, redeemed_at: 1 } },
      },
    });
    renderApp('/dashboard/3');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Canjear cupón' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Código del cupón'), ' V-ABC ');
    await user.click(screen.getByRole('button', { name: 'Canjear' }));
    expect(await screen.findByText('Cupón canjeado correctamente.')).toBeInTheDocument();
    expect(screen.getByText('Postre gratis')).toBeInTheDocument();
    expect(screen.getByLabelText('Código del cupón')).toHaveValue('');
    expect(calls.find((c) => c.url === '/api/clientes/3/vouchers/canjear')!.body).toEqual({ codigo: 'V-ABC' });
    // Kept: the panel's existing content.
    expect(screen.getByText('La Trattoria')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ofertas' })).toHaveAttribute('href', '/crear-oferta?cliente_id=3');
  });

  it("shows the server's refusal (used, unknown) and requires a code", async () => {
    let answer = { status: 409, body: { error: 'Este cupón ya fue canjeado.' } };
    routes({ 'POST /api/clientes/3/vouchers/canjear': () => answer });
    renderApp('/dashboard/3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Canjear' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escribe o escanea el código del cupón.');
    await user.type(screen.getByLabelText('Código del cupón'), 'V-USED');
    await user.click(screen.getByRole('button', { name: 'Canjear' }));
    expect(await screen.findByText('Este cupón ya fue canjeado.')).toBeInTheDocument();
    answer = { status: 404, body: { error: 'Cupón no encontrado.' } };
    await user.click(screen.getByRole('button', { name: 'Canjear' }));
    expect(await screen.findByText('Cupón no encontrado.')).toBeInTheDocument();
    answer = { status: 500, body: {} as { error: string } };
    await user.click(screen.getByRole('button', { name: 'Canjear' }));
    expect(await screen.findByText('No se pudo canjear el cupón.')).toBeInTheDocument();
    // No BarcodeDetector in this browser: no 'Escanear' button.
    expect(screen.queryByRole('button', { name: 'Escanear' })).not.toBeInTheDocument();
  });
});

describe('restaurant panel: platform fees', () => {
  beforeEach(resetLanguage);

  it('shows the totals charged, pending and failed, and the list', async () => {
    routes();
    renderApp('/dashboard/3');
    expect(await screen.findByRole('heading', { name: 'Comisiones de la plataforma' })).toBeInTheDocument();
    const totals = await screen.findByTestId('fee-totals');
    expect(totals).toHaveTextContent('Cobrado$10.00');
    expect(totals).toHaveTextContent('Pendiente$5.00');
    expect(totals).toHaveTextContent('Fallido$5.00');
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(rows[4]).getByText('card_declined')).toBeInTheDocument();
    expect(within(rows[4]).getByText('#13')).toBeInTheDocument();
  });
});

describe('super admin: failed fees and outbox', () => {
  beforeEach(resetLanguage);

  it('lists the failed fees and the e-mails', async () => {
    storeSession({ superadmin: true });
    mockFetch({
      'POST /api/auth/validate': { body: { is_superadmin: 1 } },
      'GET /api/admin/fees': { body: [{ ...fees[3], cliente_id: 7 }] },
      'GET /api/admin/outbox': {
        body: [{ id: 1, kind: 'voucher', to: 'ana@example.test', subject: 'Tu cupón', status: 'pending', attempts: 0, last_error: '', created_at: 1_800_000_000 }],
      },
    });
    renderApp('/super-admin');
    expect(await screen.findByRole('heading', { name: 'Comisiones fallidas' })).toBeInTheDocument();
    expect(await screen.findByText('card_declined')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mensajes (bandeja de salida)' })).toBeInTheDocument();
    expect(await screen.findByText('ana@example.test')).toBeInTheDocument();
    expect(screen.getByText('Tu cupón')).toBeInTheDocument();
    // Kept: the existing menu.
    expect(screen.getByRole('link', { name: 'Dashboard General' })).toBeInTheDocument();
  });

  it.each([
    ['es', 'WhatsApp', 'Pedido listo', 'No entregado', 'Respaldo por correo: #11', 'Sustituye a #10', 'Reenviar', 'Leído'],
    ['en', 'WhatsApp', 'Order ready', 'Not delivered', 'E-mail fallback: #11', 'Replaces #10', 'Resend', 'Read'],
  ])('shows every channel with its delivery, failure and e-mail fallback, and resends any (%s)', async (lang, canal, kind, failed, to, of, resend, read) => {
    if (lang === 'en') await i18next.changeLanguage('en');
    storeSession({ superadmin: true });
    const base = { subject: '', html: '', template: '', params: [], lang: 'es', cliente_id: 3, usuario_id: 5, invitado_id: 0, dedupe_key: '',
      unsubscribe_url: '', fallback_of: 0, attempts: 1, provider_id: '', delivery: '', delivery_at: 0, next_attempt_at: 0, sent_at: 0, created_at: 1_800_000_000 };
    const { calls } = mockFetch({
      'POST /api/auth/validate': { body: { is_superadmin: 1 } },
      'GET /api/admin/fees': { body: [] },
      'GET /api/admin/outbox': {
        body: [
          { ...base, id: 12, channel: 'sms', kind: 'pedido_confirmado', to: '+34600999888', text: 'La Taberna: recibimos tu pedido #41', status: 'sent', provider_id: 'SM1', delivery: 'read' },
          { ...base, id: 11, channel: 'email', kind: 'pedido_listo', to: 'ana@example.test', subject: '¡Tu pedido #42 está listo!', text: 'x', status: 'pending', fallback_of: 10, attempts: 0 },
          { ...base, id: 10, channel: 'whatsapp', kind: 'pedido_listo', to: '+34600111222', text: 'La Taberna: ¡tu pedido #42 está listo para recoger!', template: 'carta_pedido_listo',
            status: 'failed', last_error: '131026 Message undeliverable', provider_id: 'wamid.1', delivery: 'failed' },
        ],
      },
      'POST /api/admin/outbox/10/reenviar': { body: { ok: true } },
    });
    renderApp('/super-admin');
    const row = (await screen.findByText('+34600111222')).closest('tr')!;
    expect(within(row).getByText(canal)).toBeInTheDocument();
    expect(within(row).getByText(kind)).toBeInTheDocument();
    expect(within(row).getByText(failed)).toBeInTheDocument();
    expect(within(row).getByText('131026 Message undeliverable')).toBeInTheDocument();
    expect(within(row).getByText('La Taberna: ¡tu pedido #42 está listo para recoger!')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: to })).toHaveAttribute('href', '#outbox-11');
    const fallback = screen.getByText('ana@example.test').closest('tr')!;
    expect(within(fallback).getByRole('link', { name: of })).toHaveAttribute('href', '#outbox-10');
    expect(within(screen.getByText('+34600999888').closest('tr')!).getByText(read)).toBeInTheDocument();
    await userEvent.setup().click(within(row).getByRole('button', { name: resend }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.includes('/api/admin/outbox/10/reenviar'))).toBe(true));
  });

  it('shows the empty states', async () => {
    storeSession({ superadmin: true });
    mockFetch({
      'POST /api/auth/validate': { body: { is_superadmin: 1 } },
      'GET /api/admin/fees': { body: [] },
      'GET /api/admin/outbox': { body: [] },
    });
    renderApp('/super-admin');
    expect(await screen.findByText('No hay comisiones fallidas.')).toBeInTheDocument();
    expect(await screen.findByText('No hay mensajes en la bandeja de salida.')).toBeInTheDocument();
  });
});
