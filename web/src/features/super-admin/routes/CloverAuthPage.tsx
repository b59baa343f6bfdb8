import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field, Notice, SubmitButton, type Message } from '../../../components/Form';
import { isApiError, isNetworkError } from '../../../lib/api-client';
import { connectMerchant, platformKeys, type Cliente, type ConnectInput } from '../api/platform-api';
import { ChooseRestaurantDialog } from '../components/ChooseRestaurantDialog';
import '../platform.css';

/** What the super admin chose when no restaurant had the Merchant ID. */
type Choice = Pick<ConnectInput, 'cliente_id' | 'crear' | 'merchant_id'>;

/**
 * 'Configuración del Token de Clover': connects a merchant with the
 * authorization code Clover gave it. ?merchant_id=, ?nombre= and ?email=
 * prefill the form (the reconnection list links here). A Merchant ID no
 * restaurant has (a typo, or a new merchant) opens a dialog: pick the
 * restaurant, or create one explicitly; the server creates nothing
 * otherwise.
 */
export default function CloverAuthPage() {
  const { t } = useTranslation();
  const id = useId();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [values, setValues] = useState({
    merchant_id: params.get('merchant_id') ?? '',
    code: '',
    nombre: params.get('nombre') ?? '',
    email: params.get('email') ?? '',
  });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  // The dialog of a Merchant ID no restaurant has, and its error.
  const [choosing, setChoosing] = useState(false);
  const [chooseError, setChooseError] = useState<string | null>(null);

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!values.merchant_id.trim() || !values.code.trim()) {
      setMessage({ kind: 'error', text: t('clover.required') });
      return;
    }
    await connect();
  }

  /** Sends the form, with the dialog's choice when there is one. */
  async function connect(choice?: Choice) {
    setBusy(true);
    setMessage(null);
    setChooseError(null);
    try {
      const res = await connectMerchant({
        merchant_id: values.merchant_id.trim(),
        code: values.code.trim(),
        nombre: values.nombre.trim(),
        email: values.email.trim(),
        ...choice,
      });
      setChoosing(false);
      setMessage({ kind: 'ok', text: t('clover.success', { mensaje: res.mensaje }) });
      setValues((v) => ({ ...v, merchant_id: res.cliente.merchant_id ?? v.merchant_id, code: '' }));
      void qc.invalidateQueries({ queryKey: platformKeys.all });
    } catch (err) {
      if (!choice && isApiError(err) && err.status === 404) {
        // No restaurant has this Merchant ID: ask, nothing was changed.
        setChoosing(true);
        return;
      }
      let text: string;
      if (isNetworkError(err)) text = t('platform.serverUnreachable');
      else if (isApiError(err) && err.serverMessage) text = err.serverMessage;
      else if (isApiError(err) && err.status === 401) text = t('clover.unauthorized');
      else if (isApiError(err) && err.status === 400) text = t('clover.badRequest');
      else text = t('errors.generic');
      if (choice) setChooseError(text);
      else setMessage({ kind: 'error', text });
    } finally {
      setBusy(false);
    }
  }

  /** A picked restaurant: its own Merchant ID (the typed one was a typo), or the typed one when it has none. */
  function pick(c: Cliente) {
    const merchantId = c.merchant_id ?? values.merchant_id.trim();
    setValues((v) => ({ ...v, merchant_id: merchantId }));
    void connect({ cliente_id: c.id, merchant_id: merchantId });
  }

  const f = (name: string) => `${id}-${name}`;
  return (
    <section className="card narrow">
      <h1>{t('clover.title')}</h1>
      <p className="muted">{t('clover.intro')}</p>
      <p className="muted">{t('clover.oauthNote')}</p>
      <p className="platform-note">{t('clover.demoNote')}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field id={f('mid')} label={t('clover.merchantId')}>
          {(control) => <input {...control} name="merchant_id" value={values.merchant_id} onChange={set('merchant_id')} autoComplete="off" />}
        </Field>
        <Field id={f('code')} label={t('clover.code')}>
          {(control) => <input {...control} name="code" value={values.code} onChange={set('code')} autoComplete="off" />}
        </Field>
        <Field id={f('nombre')} label={t('clover.nombre')}>
          {(control) => <input {...control} name="nombre" value={values.nombre} onChange={set('nombre')} />}
        </Field>
        <Field id={f('email')} label={t('clover.email')}>
          {(control) => <input {...control} name="email" type="email" inputMode="email" value={values.email} onChange={set('email')} />}
        </Field>
        <Notice message={message} />
        <SubmitButton busy={busy} label={t('clover.submit')} busyLabel={t('clover.submitting')} />
      </form>
      {choosing && (
        <ChooseRestaurantDialog
          merchantId={values.merchant_id.trim()}
          nombre={values.nombre}
          busy={busy}
          error={chooseError}
          onPick={pick}
          onCreate={() => void connect({ crear: true })}
          onClose={() => setChoosing(false)}
        />
      )}
      <p className="center">
        <Link to="/super-admin/dashboard">{t('superAdmin.dashboard')}</Link> · <Link to="/super-admin">{t('platform.backHome')}</Link>
      </p>
    </section>
  );
}
