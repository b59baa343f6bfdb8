import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormError, SubmitButton } from '../../../components/Form';
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
        <div className="field">
          <label htmlFor={`${id}-nombre`}>{t('platform.name')}</label>
          <input id={`${id}-nombre`} value={nombre} onChange={(e) => setNombre(e.target.value)} maxLength={120} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('platform.ownerEmail')}</label>
          <input id={`${id}-email`} type="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-mid`}>{t('platform.merchantIdOptional')}</label>
          <input id={`${id}-mid`} value={merchantId} onChange={(e) => setMerchantId(e.target.value)} autoComplete="off" />
        </div>
        <CountryField value={pais} onChange={setPais} />
        <div className="field">
          <label htmlFor={`${id}-idioma`}>{t('platform.language')}</label>
          <select id={`${id}-idioma`} value={idioma} onChange={(e) => setIdioma(e.target.value === 'en' ? 'en' : 'es')}>
            <option value="es">{t('platform.languageEs')}</option>
            <option value="en">{t('platform.languageEn')}</option>
          </select>
        </div>
        <FormError error={error} />
        <FormActions className="platform-modal__actions" cancelLabel={t('platform.cancel')} onCancel={onClose} busy={busy}>
          <SubmitButton busy={busy} label={t('platform.create')} busyLabel={t('platform.creating')} />
        </FormActions>
      </form>
    </PlatformModal>
  );
}
