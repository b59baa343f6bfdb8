import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Availability, LineRequest, OrderPlaced, Usuario } from '../../../api/contract';
import { FormError, Notice, SubmitButton } from '../../../components/Form';
import { isApiError, isNetworkError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { useDinerSession } from '../../../lib/diner-session';
import { placeOrder } from '../api/ordering-api';
import { dinerProfileQueryOptions } from '../api/ordering-queries';
import { AvailabilityNotice, canOrder } from '../components/AvailabilityNotice';
import { CartLines } from '../components/CartLines';
import { OrderingShell } from '../components/OrderingShell';
import { OrderSummary } from '../components/OrderSummary';
import { openCheckout } from '../lib/browser';
import { readPendingOrder, writePendingOrder } from '../lib/cart';
import { useOrderingClienteId } from '../lib/cliente-id';
import { ASAP_HOUR, pickupDays, pickupHours } from '../lib/pickup';
import { readTableContext } from '../lib/table-context';
import { useAvailability } from '../lib/use-availability';
import { useCheckedCart } from '../lib/use-checked-cart';

/**
 * 'Finalizar Pedido' (/checkout/:cliente_id): who picks the order up
 * (prefilled from the signed-in diner, asked of a guest, who may tick
 * 'Quiero recibir novedades…': the restaurant then lists them with their
 * e-mail among its customers once they pay), when (as soon as
 * possible or a later slot today), an optional note, the server's summary,
 * and 'Pagar con Clover', which places the order and opens the hosted
 * checkout (same window up to 768 px, else a new tab). `?pago=error` is the
 * checkout's return after a failed payment. A diner at a table (this
 * browser tab scanned its code) is sent to the cart, which orders at the
 * table.
 */
export default function CheckoutPage() {
  const clienteId = useOrderingClienteId();
  const { t } = useTranslation();
  if (!clienteId)
    return (
      <section className="card narrow">
        <h1>{t('ordering.checkout.title')}</h1>
        <FormError error={t('ordering.checkout.noCliente')} />
      </section>
    );
  // At a table the cart sends the order to the table ('Pedir a la mesa'):
  // this pickup page (reached by the back button or an old link) is not
  // where that diner orders.
  if (readTableContext(clienteId)) return <Navigate to={`/carrito/${clienteId}`} replace />;
  return (
    <OrderingShell clienteId={clienteId} title={t('ordering.checkout.title')}>
      <Checkout clienteId={clienteId} />
    </OrderingShell>
  );
}

/** The error text of a failed POST /api/orders (spec section 8). */
export function placeError(err: unknown, t: TFunction): string {
  if (isNetworkError(err)) return t('errors.network');
  if (isApiError(err) && err.serverMessage) {
    // The server's own message already says what failed ("Error al crear la orden: ...", "Error: ...").
    return /^error\b/i.test(err.serverMessage) ? err.serverMessage : t('ordering.checkout.createError', { error: err.serverMessage });
  }
  return t('ordering.checkout.internal');
}

function Checkout({ clienteId }: { clienteId: string }) {
  const { t, i18n } = useTranslation();
  const cart = useCheckedCart(clienteId);
  // The shell's entry (its navigation reads it too): one request per page load, again every minute.
  const availability = useAvailability(clienteId);
  const session = useDinerSession();
  const profile = useQuery({ ...dinerProfileQueryOptions(session?.usuarioId ?? ''), enabled: !!session });
  const [params] = useSearchParams();
  const paymentFailed = params.get('pago') === 'error';
  const shop = `/ordenar-en-linea/${encodeURIComponent(clienteId)}`;

  if (cart.lines.length === 0)
    return (
      <div className="ord-panel ord-empty">
        <p className="form__error" role="alert">
          {t('ordering.emptyCart')}
        </p>
        <Link className="button" to={shop}>
          {t('ordering.keepShopping')}
        </Link>
      </div>
    );
  if (cart.menu.isPending) return <p className="ord-status" role="status">{t('ordering.loading')}</p>;
  if (cart.valid.length === 0 && cart.menu.isSuccess)
    return (
      <div className="ord-panel ord-empty">
        <FormError error={t('ordering.noValidLines')} />
        <Link className="button" to={`/carrito/${encodeURIComponent(clienteId)}`}>
          {t('ordering.backToCart')}
        </Link>
      </div>
    );

  const quoteReady = !!cart.quote.data && !cart.quote.isError && !cart.quote.isPlaceholderData;
  return (
    <div className="ord-cart">
      <div className="ord-panel">
        {paymentFailed && <Notice message={{ kind: 'error', text: t('ordering.checkout.paymentError') }} className="ord-notice" />}
        <AvailabilityNotice availability={availability.data} />
        {/* Mounted once the diner's profile is known, so its fields start filled in. */}
        {session && profile.isPending ? (
          <p className="ord-status" role="status">
            {t('ordering.loading')}
          </p>
        ) : (
          <CheckoutForm
            clienteId={clienteId}
            guest={!session}
            profile={profile.data}
            availability={availability.data}
            availabilityAt={availability.dataUpdatedAt}
            ready={quoteReady && canOrder(availability.data)}
            requests={cart.requests}
            total={quoteReady ? formatCents(cart.quote.data!.total, cart.currency, i18n.resolvedLanguage ?? i18n.language) : ''}
          />
        )}
      </div>
      <aside className="ord-panel ord-cart__side">
        <h2 className="ord-summary__title">{t('ordering.checkout.yourOrder')}</h2>
        <CartLines
          clienteId={clienteId}
          checked={cart.checked}
          quote={quoteReady ? cart.quote.data : undefined}
          currency={cart.currency}
          readOnly
        />
        <OrderSummary quote={cart.quote} currency={cart.currency} />
        <Link className="ord-link" to={`/carrito/${encodeURIComponent(clienteId)}`}>
          {t('ordering.checkout.editCart')}
        </Link>
      </aside>
    </div>
  );
}

function CheckoutForm({
  clienteId,
  guest,
  profile,
  availability,
  availabilityAt,
  ready,
  requests,
  total,
}: {
  /** When the availability was read (ms since the epoch). */
  availabilityAt: number;
  clienteId: string;
  /** No diner is signed in: the order is a guest's, who is asked for consent. */
  guest: boolean;
  /** The server's total, formatted ('' while it is being asked). */
  total: string;
  profile: Usuario | undefined;
  availability: Availability | undefined;
  ready: boolean;
  requests: LineRequest[];
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const navigate = useNavigate();
  const [nombre, setNombre] = useState(profile?.nombre ?? '');
  const [telefono, setTelefono] = useState(profile?.telefono ?? '');
  const [email, setEmail] = useState(profile?.email ?? '');
  const [pickup, setPickup] = useState('0');
  const [day, setDay] = useState('');
  const [hour, setHour] = useState('');
  const [note, setNote] = useState('');
  // A guest's "quiero recibir novedades": unticked until they tick it (consent is asked, never presumed).
  const [novedades, setNovedades] = useState(false);
  // A guest's channel for the order notices (issue 32): e-mail unless they choose WhatsApp or SMS.
  const [avisos, setAvisos] = useState<'email' | 'whatsapp' | 'sms'>('email');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);

  const asap = availability?.lo_antes_posible ?? null;
  const slots = availability?.franjas ?? [];
  const zone = availability?.zona_horaria;
  // The times offered, by the restaurant's day and hour: the diner picks a day, then an hour
  // (or as soon as possible), then one of its quarter hours.
  // "Today" is the restaurant's day when the times were given.
  const days = pickupDays(asap, slots, zone, lang, Math.floor(availabilityAt / 1000), {
    today: t('ordering.checkout.today'),
    tomorrow: t('ordering.checkout.tomorrow'),
    asap: (hora) => t('ordering.checkout.asap', { hora, min: availability?.preparacion_min ?? 0 }),
  });
  // The chosen time may have gone (time passed, slot full): fall back to the
  // first time of the chosen hour, else of the chosen day, else the first offered.
  const chosenDay = days.find((d) => d.times.some((x) => x.value === pickup)) ?? days.find((d) => d.key === day) ?? days[0];
  const hours = pickupHours(chosenDay?.times ?? [], zone, lang);
  const chosenHour = hours.find((h) => h.times.some((x) => x.value === pickup)) ?? hours.find((h) => h.key === hour) ?? hours[0];
  const times = chosenHour?.times ?? [];
  const value = times.some((x) => x.value === pickup) ? pickup : (times[0]?.value ?? '');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    if (requests.length === 0) {
      setError(t('ordering.noValidLines'));
      return;
    }
    if (guest && avisos !== 'email' && !(telefono.trim().startsWith('+') && telefono.replace(/\D/g, '').length >= 8)) {
      setError(t('ordering.checkout.avisosPhone'));
      return;
    }
    setBusy(true);
    let placed: OrderPlaced;
    try {
      const pending = readPendingOrder(clienteId);
      placed = await placeOrder({
        cliente_id: Number(clienteId),
        order_type: 'pickup',
        items: requests,
        customer: { nombre: nombre.trim(), email: email.trim(), telefono: telefono.trim(), ...(guest ? { novedades, avisos } : {}) },
        pickup_at: Number(value) || 0,
        note: note.trim(),
        replaces: pending ? { pedido_id: pending.pedido_id, token: pending.token } : undefined,
      });
    } catch (err) {
      setError(placeError(err, t));
      setBusy(false);
      return;
    }
    if (!placed || typeof placed.checkout_url !== 'string' || !placed.checkout_url || !placed.pedido_id || !placed.token) {
      setError(t('ordering.checkout.unexpected'));
      setBusy(false);
      return;
    }
    writePendingOrder(clienteId, { pedido_id: placed.pedido_id, token: placed.token, checkout_url: placed.checkout_url });
    const where = openCheckout(placed.checkout_url);
    if (where === 'tab') {
      // The checkout is in the new tab; this one follows the order until it is paid.
      setOpened(true);
      void navigate(`/pedido/${placed.pedido_id}?t=${encodeURIComponent(placed.token)}&menu=${encodeURIComponent(clienteId)}`);
    }
    // In the same window the browser is leaving: stay busy.
  }

  return (
    <form className="form ord-form" onSubmit={(e) => void submit(e)}>
      <fieldset className="fieldset">
        <legend>{t('ordering.checkout.pickupBy')}</legend>
        <div className="field">
          <label htmlFor="ord-nombre">{t('ordering.checkout.name')}</label>
          <input id="ord-nombre" name="nombre" autoComplete="name" required maxLength={100} value={nombre} onChange={(e) => setNombre(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="ord-telefono">{t('ordering.checkout.phone')}</label>
          <input
            id="ord-telefono"
            name="telefono"
            type="tel"
            autoComplete="tel"
            maxLength={30}
            value={telefono}
            onChange={(e) => setTelefono(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="ord-email">{t('ordering.checkout.email')}</label>
          <input
            id="ord-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            aria-describedby="ord-email-help"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <span id="ord-email-help" className="ord-help">
            {t('ordering.checkout.emailHelp')}
          </span>
        </div>
        {guest && (
          <div className="ord-check">
            <input
              id="ord-novedades"
              name="novedades"
              type="checkbox"
              checked={novedades}
              aria-describedby="ord-novedades-help"
              onChange={(e) => setNovedades(e.target.checked)}
            />
            <label htmlFor="ord-novedades">{t('ordering.checkout.novedades')}</label>
            <span id="ord-novedades-help" className="ord-help">
              {t('ordering.checkout.novedadesHelp')}
            </span>
          </div>
        )}
        {guest && (
          <fieldset className="fieldset ord-avisos">
            <legend>{t('ordering.checkout.avisos')}</legend>
            {(
              [
                ['email', 'ordering.checkout.avisosEmail'],
                ['whatsapp', 'ordering.checkout.avisosWhatsapp'],
                ['sms', 'ordering.checkout.avisosSms'],
              ] as const
            ).map(([value, label]) => (
              <div key={value} className="ord-check">
                <input
                  id={`ord-avisos-${value}`}
                  name="avisos"
                  type="radio"
                  value={value}
                  checked={avisos === value}
                  onChange={() => setAvisos(value)}
                />
                <label htmlFor={`ord-avisos-${value}`}>{t(label)}</label>
              </div>
            ))}
          </fieldset>
        )}
        <p className="ord-help">
          <a className="ord-link" href={`/privacidad/${encodeURIComponent(clienteId)}`} target="_blank" rel="noopener">
            {t('ordering.checkout.privacyLink')}
          </a>
        </p>
      </fieldset>
      <fieldset className="fieldset">
        <legend>{t('ordering.checkout.when')}</legend>
        <div className="ord-pickup">
          <div className="field">
            <label htmlFor="ord-pickup-day">{t('ordering.checkout.pickupDay')}</label>
            <select
              id="ord-pickup-day"
              name="pickup_day"
              value={chosenDay?.key ?? ''}
              disabled={days.length === 0}
              onChange={(e) => {
                setDay(e.target.value);
                setHour('');
                setPickup(days.find((d) => d.key === e.target.value)?.times[0]?.value ?? '');
              }}
            >
              {days.map((d) => (
                <option key={d.key} value={d.key}>
                  {d.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="ord-pickup-hour">{t('ordering.checkout.pickupTime')}</label>
            <select
              id="ord-pickup-hour"
              name="pickup_hour"
              value={chosenHour?.key ?? ''}
              disabled={hours.length === 0}
              onChange={(e) => {
                setHour(e.target.value);
                setPickup(hours.find((h) => h.key === e.target.value)?.times[0]?.value ?? '');
              }}
            >
              {hours.map((h) => (
                <option key={h.key} value={h.key}>
                  {h.label}
                </option>
              ))}
            </select>
          </div>
          {chosenHour && chosenHour.key !== ASAP_HOUR && (
            <div className="field">
              <label htmlFor="ord-pickup">{t('ordering.checkout.pickupMinute')}</label>
              <select id="ord-pickup" name="pickup" value={value} onChange={(e) => setPickup(e.target.value)}>
                {times.map((x) => (
                  <option key={x.value} value={x.value}>
                    {x.label}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        <div className="field">
          <label htmlFor="ord-note">{t('ordering.checkout.note')}</label>
          <textarea id="ord-note" name="note" rows={2} maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
      </fieldset>
      <FormError error={error} />
      {opened && (
        <p className="form__ok" role="status">
          {t('ordering.checkout.opened')}
        </p>
      )}
      <div className="ord-pay">
        {total && (
          <p className="ord-pay-total" id="ord-pay-total" data-testid="pay-total">
            <span className="ord-pay-total__label">{t('ordering.summary.total')}</span>{' '}
            <span className="ord-pay-total__amount">{total}</span>
          </p>
        )}
        <SubmitButton
          busy={busy}
          disabled={!ready}
          label={t('ordering.checkout.pay')}
          busyLabel={t('ordering.checkout.paying')}
          describedBy={total ? 'ord-pay-total' : undefined}
        />
      </div>
    </form>
  );
}
