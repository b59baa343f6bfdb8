import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field, FormActions, FormError, SubmitButton } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { billingConfigQueryOptions, registerCard, setupCard, type RegisteredCard } from '../api/offers-api';
import { demoCardToken, formatCardNumber, formatExpiry } from '../lib/demo-card';
import { loadStripe, paymentMethodId, type StripeCardElement, type StripeInstance } from '../lib/stripe';
import { Modal } from './Modal';

type Props = { clienteId: string; onRegistered: (card: RegisteredCard) => void; onClose: () => void };

/**
 * The card-registration dialog of 'Crear Oferta'. In demo mode a clearly
 * labelled demo form turns a test card number into a demo token in the
 * browser; in Stripe mode Stripe Elements collects the card and a confirmed
 * SetupIntent's payment method id is sent as the token.
 */
export function CardDialog({ clienteId, onRegistered, onClose }: Props) {
  const { t } = useTranslation();
  const config = useQuery(billingConfigQueryOptions());

  let body;
  if (config.isPending) body = <p role="status">{t('card.loading')}</p>;
  else if (config.isError)
    body = <FormError error={errorText(config.error, t('card.registerError'), t('errors.network'))} />;
  else if (config.data.provider === 'stripe')
    body = <StripeCardForm clienteId={clienteId} onRegistered={onRegistered} onClose={onClose} />;
  else body = <DemoCardForm clienteId={clienteId} onRegistered={onRegistered} onClose={onClose} />;

  return (
    <Modal title={t('card.title')} onClose={onClose}>
      <p>{t('card.required')}</p>
      {body}
    </Modal>
  );
}

async function sendToken(clienteId: string, token: string, fallback: string, network: string): Promise<RegisteredCard | string> {
  try {
    return await registerCard(clienteId, token);
  } catch (err) {
    return errorText(err, fallback, network);
  }
}

function DemoCardForm({ clienteId, onRegistered, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const result = demoCardToken({ number, expiry, cvc });
    if (!result.ok) {
      setError(t(`card.demoInvalid.${result.error}`));
      return;
    }
    setError(null);
    setBusy(true);
    const answer = await sendToken(clienteId, result.token, t('card.registerError'), t('errors.network'));
    setBusy(false);
    if (typeof answer === 'string') setError(answer);
    else onRegistered(answer);
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="offers-demo-note" data-testid="demo-card-note">
        <strong>{t('card.demoBadge')}</strong> {t('card.demoNote')}
      </p>
      <Field id={`${id}-number`} label={t('card.number')}>
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            placeholder="4242 4242 4242 4242"
            value={number}
            onChange={(e) => setNumber(formatCardNumber(e.target.value))}
          />
        )}
      </Field>
      <div className="field-row">
        <Field id={`${id}-exp`} label={t('card.expiry')}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('card.expiryPlaceholder')}
              value={expiry}
              onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            />
          )}
        </Field>
        <Field id={`${id}-cvc`} label={t('card.cvc')}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={cvc}
              onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
            />
          )}
        </Field>
      </div>
      <FormError error={error} />
      <FormActions className="offers-actions" cancelLabel={t('card.cancel')} onCancel={onClose} busy={busy}>
        <SubmitButton busy={busy} label={t('card.register')} busyLabel={t('card.registering')} />
      </FormActions>
    </form>
  );
}

function StripeCardForm({ clienteId, onRegistered, onClose }: Props) {
  const { t } = useTranslation();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeInstance; card: StripeCardElement; secret: string } | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | null = null;
    void (async () => {
      try {
        const setup = await setupCard(clienteId);
        const factory = await loadStripe().catch(() => null);
        if (cancelled) return;
        if (!factory || !setup.publishable_key || !setup.client_secret || !mountRef.current) {
          setError(t('card.stripeUnavailable'));
          return;
        }
        const stripe = factory(setup.publishable_key);
        card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(mountRef.current);
        card.on?.('change', (e) => setError(e.error?.message ?? null));
        stripeRef.current = { stripe, card, secret: setup.client_secret };
        setReady(true);
      } catch (err) {
        if (!cancelled) setError(errorText(err, t('card.stripeUnavailable'), t('errors.network')));
      }
    })();
    return () => {
      cancelled = true;
      card?.destroy();
      stripeRef.current = null;
    };
  }, [clienteId, t]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const s = stripeRef.current;
    if (busy) return;
    if (!s) {
      setError(t('card.stripeUnavailable'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await s.stripe.confirmCardSetup(s.secret, { payment_method: { card: s.card } });
      const pm = paymentMethodId(result.setupIntent?.payment_method);
      if (result.error || !pm) {
        setError(result.error?.message || t('card.registerError'));
        return;
      }
      const answer = await sendToken(clienteId, pm, t('card.registerError'), t('errors.network'));
      if (typeof answer === 'string') setError(answer);
      else onRegistered(answer);
    } catch {
      setError(t('card.registerError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <span>{t('card.stripeCard')}</span>
        <div ref={mountRef} className="offers-stripe-card" data-testid="stripe-card" />
      </div>
      {!ready && !error && <p role="status">{t('card.loading')}</p>}
      <FormError error={error} />
      <FormActions className="offers-actions" cancelLabel={t('card.cancel')} onCancel={onClose} busy={busy}>
        <SubmitButton busy={busy} disabled={!ready} label={t('card.register')} busyLabel={t('card.registering')} />
      </FormActions>
    </form>
  );
}
