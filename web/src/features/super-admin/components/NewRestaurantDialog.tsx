import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormActions, FormError, SubmitButton } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { createClient, type Cliente } from '../api/platform-api';
import { DEFAULT_COUNTRY } from '../../../lib/countries';
import { CountryField } from './CountryField';
import { PlatformModal } from './PlatformModal';

/**
 * 'Nuevo restaurante': name, owner's e-mail, optional merchant id, its country (which sets its currency,
 * locale and time zone) and the language of its e-mails.
 */
export function NewRestaurantDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (c: Cliente) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [nombre, setNombre] = useState('');
  const [email, setEmail] = useState('');
  const [merchantId, setMerchantId] = useState('');
  const [idioma, setIdioma] = useState<'es' | 'en'>('es');
  const [pais, setPais] = useState(DEFAULT_COUNTRY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!nombre.trim()) {
      setError(t('platform.nameRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const created = await createClient({
        nombre: nombre.trim(),
        email: email.trim(),
        ...(merchantId.trim() ? { merchant_id: merchantId.trim() } : {}),
        idioma,
        pais,
      });
      onCreated(created);
    } catch (err) {
      setError(errorText(err, t('platform.createError'), t('errors.network')));
      setBusy(false);
    }
  }

  return (
    <PlatformModal title={t('platform.newRestaurant')} onClose={onClose} busy={busy}>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field id={`${id}-nombre`} label={t('platform.name')}>
          {(control) => <input {...control} value={nombre} onChange={(e) => setNombre(e.target.value)} maxLength={120} />}
        </Field>
        <Field id={`${id}-email`} label={t('platform.ownerEmail')}>
          {(control) => <input {...control} type="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <Field id={`${id}-mid`} label={t('platform.merchantIdOptional')}>
          {(control) => <input {...control} value={merchantId} onChange={(e) => setMerchantId(e.target.value)} autoComplete="off" />}
        </Field>
        <CountryField value={pais} onChange={setPais} />
        <Field id={`${id}-idioma`} label={t('platform.language')}>
          {(control) => (
            <select {...control} value={idioma} onChange={(e) => setIdioma(e.target.value === 'en' ? 'en' : 'es')}>
              <option value="es">{t('platform.languageEs')}</option>
              <option value="en">{t('platform.languageEn')}</option>
            </select>
          )}
        </Field>
        <FormError error={error} />
        <FormActions className="platform-modal__actions" cancelLabel={t('platform.cancel')} onCancel={onClose} busy={busy}>
          <SubmitButton busy={busy} label={t('platform.create')} busyLabel={t('platform.creating')} />
        </FormActions>
      </form>
    </PlatformModal>
  );
}
