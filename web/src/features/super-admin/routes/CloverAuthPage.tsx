import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Notice, SubmitButton, type Message } from '../../../components/Form';
import { isApiError, isNetworkError } from '../../../lib/api-client';
import { connectMerchant, platformKeys } from '../api/platform-api';
import '../platform.css';

/**
 * 'Configuración del Token de Clover': connects a merchant with the
 * authorization code Clover gave it. ?merchant_id=, ?nombre= and ?email=
 * prefill the form (the reconnection list links here).
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

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!values.merchant_id.trim() || !values.code.trim()) {
      setMessage({ kind: 'error', text: t('clover.required') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const res = await connectMerchant({
        merchant_id: values.merchant_id.trim(),
        code: values.code.trim(),
        nombre: values.nombre.trim(),
        email: values.email.trim(),
      });
      setMessage({ kind: 'ok', text: t('clover.success', { mensaje: res.mensaje }) });
      setValues((v) => ({ ...v, code: '' }));
      void qc.invalidateQueries({ queryKey: platformKeys.all });
    } catch (err) {
      let text: string;
      if (isNetworkError(err)) text = t('platform.serverUnreachable');
      else if (isApiError(err) && err.serverMessage) text = err.serverMessage;
      else if (isApiError(err) && err.status === 401) text = t('clover.unauthorized');
      else if (isApiError(err) && err.status === 400) text = t('clover.badRequest');
      else text = t('errors.generic');
      setMessage({ kind: 'error', text });
    } finally {
      setBusy(false);
    }
  }

  const f = (name: string) => `${id}-${name}`;
  return (
    <section className="card narrow">
      <h1>{t('clover.title')}</h1>
      <p className="muted">{t('clover.intro')}</p>
      <p className="platform-note">{t('clover.demoNote')}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor={f('mid')}>{t('clover.merchantId')}</label>
          <input id={f('mid')} name="merchant_id" value={values.merchant_id} onChange={set('merchant_id')} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={f('code')}>{t('clover.code')}</label>
          <input id={f('code')} name="code" value={values.code} onChange={set('code')} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={f('nombre')}>{t('clover.nombre')}</label>
          <input id={f('nombre')} name="nombre" value={values.nombre} onChange={set('nombre')} />
        </div>
        <div className="field">
          <label htmlFor={f('email')}>{t('clover.email')}</label>
          <input id={f('email')} name="email" type="email" inputMode="email" value={values.email} onChange={set('email')} />
        </div>
        <Notice message={message} />
        <SubmitButton busy={busy} label={t('clover.submit')} busyLabel={t('clover.submitting')} />
      </form>
      <p className="center">
        <Link to="/super-admin/dashboard">{t('superAdmin.dashboard')}</Link> · <Link to="/super-admin">{t('platform.backHome')}</Link>
      </p>
    </section>
  );
}
