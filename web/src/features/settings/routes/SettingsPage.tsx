import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SETTINGS, FONT_FAMILIES, type RestaurantSettings, type SettingsInput } from '../../../api/settings';
import { Field, Notice, SubmitButton, type Message } from '../../../components/Form';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { errorText } from '../../../lib/api-client';
import { mediaUrl } from '../../../lib/media-url';
import { CardPreview } from '../components/CardPreview';
import { PrivacySection } from '../components/PrivacySection';
import { WebhookSecretSection } from '../components/WebhookSecretSection';
import { CountrySection } from '../components/CountrySection';
import { getSettingsQueryOptions, settingsKeys } from '../api/get-settings';
import { saveSettings, uploadSettingsImage } from '../api/settings-api';

const CURRENCIES = ['USD', 'MXN', 'EUR', 'COP', 'ARS', 'CLP', 'PEN', 'GTQ', 'CRC', 'DOP', 'CAD', 'GBP'];

/** 'Configuraciones': the restaurant's look and feel, with a live preview. */
export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('settings.title')} missingText={t('settings.missingClienteId')}>
      {(clienteId) => <Settings clienteId={clienteId} />}
    </RestaurantPage>
  );
}

function Settings({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const query = useQuery(getSettingsQueryOptions(clienteId));
  if (query.isPending) return <p role="status">{t('app.loading')}</p>;
  const initial: RestaurantSettings = query.isSuccess
    ? { ...DEFAULT_SETTINGS, ...query.data, cliente_id: Number(clienteId) }
    : { ...DEFAULT_SETTINGS, cliente_id: Number(clienteId) };
  return (
    <>
      {query.isError && (
        <p className="muted" role="status">
          {t('settings.loadError')}
        </p>
      )}
      <SettingsForm key={clienteId} clienteId={clienteId} initial={initial} />
      {query.isSuccess && <CountrySection settings={initial} />}
      <WebhookSecretSection clienteId={clienteId} />
      <PrivacySection clienteId={clienteId} />
    </>
  );
}

function pxNumber(value: string, fallback: number): string {
  const n = parseFloat(value);
  return Number.isFinite(n) ? String(n) : String(fallback);
}

/** A colour as <input type="color"> needs it (#rrggbb). */
function hex6(value: string, fallback: string): string {
  const v = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}`;
  return fallback;
}

function SettingsForm({ clienteId, initial }: { clienteId: string; initial: RestaurantSettings }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => ({
    ...initial,
    cardColor: hex6(initial.cardColor, DEFAULT_SETTINGS.cardColor),
    textColor: hex6(initial.textColor, DEFAULT_SETTINGS.textColor),
    cardBorderRadius: pxNumber(initial.cardBorderRadius, 8),
    fontSize: pxNumber(initial.fontSize, 16),
  }));
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState<null | 'logo' | 'background'>(null);
  const [message, setMessage] = useState<Message>(null);

  const set =
    (field: keyof RestaurantSettings) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [field]: e.target.value }));

  const preview = { ...values, cardBorderRadius: `${values.cardBorderRadius}px`, fontSize: `${values.fontSize}px` };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const radius = Number(values.cardBorderRadius);
    const size = Number(values.fontSize);
    if (!Number.isFinite(radius) || !Number.isFinite(size) || radius < 0 || radius > 64 || size <= 0 || size > 64) {
      setMessage({ kind: 'error', text: t('settings.invalidNumber') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const saved = await saveSettings({
        cliente_id: Number(clienteId),
        cardColor: values.cardColor,
        textColor: values.textColor,
        cardBorderRadius: `${radius}px`,
        fontSize: `${size}px`,
        // The select offers FONT_FAMILIES only; a stored value outside them
        // is sent as it is, and the server's answer says what is wrong.
        fontFamily: values.fontFamily as SettingsInput['fontFamily'],
        nombre_restaurante: values.nombre_restaurante.trim(),
        telefono_contacto: values.telefono_contacto.trim(),
        ubicacion_google_maps: values.ubicacion_google_maps.trim(),
        direccion: values.direccion.trim(),
        moneda: values.moneda,
      });
      if (saved && typeof saved === 'object') queryClient.setQueryData(settingsKeys.detail(clienteId), saved);
      else void queryClient.invalidateQueries({ queryKey: settingsKeys.detail(clienteId) });
      setMessage({ kind: 'ok', text: t('settings.saved') });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('settings.saveError'), t('errors.network')) });
    } finally {
      setBusy(false);
    }
  }

  async function onImage(kind: 'logo' | 'background', e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setMessage({ kind: 'error', text: t('settings.imageOnly') });
      input.value = '';
      return;
    }
    setUploading(kind);
    setMessage(null);
    try {
      const { url } = await uploadSettingsImage(kind, clienteId, file);
      setValues((v) => ({ ...v, [kind === 'logo' ? 'logo' : 'backgroundImage']: url }));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.detail(clienteId) });
      setMessage({ kind: 'ok', text: t(kind === 'logo' ? 'settings.logoSaved' : 'settings.backgroundSaved') });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('settings.uploadError'), t('errors.network')) });
    } finally {
      setUploading(null);
      input.value = '';
    }
  }

  const currencies = CURRENCIES.includes(values.moneda) ? CURRENCIES : [values.moneda, ...CURRENCIES];
  const f = (name: string) => `${id}-${name}`;

  return (
    <div className="settings-layout">
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <fieldset className="fieldset">
          <legend>{t('settings.appearance')}</legend>
          <div className="field-row">
            <Field id={f('card')} label={t('settings.cardColor')}>
              {(control) => <input {...control} type="color" value={values.cardColor} onChange={set('cardColor')} />}
            </Field>
            <Field id={f('text')} label={t('settings.textColor')}>
              {(control) => <input {...control} type="color" value={values.textColor} onChange={set('textColor')} />}
            </Field>
          </div>
          <div className="field-row">
            <Field id={f('radius')} label={t('settings.cardBorderRadius')}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={64}
                  value={values.cardBorderRadius}
                  onChange={set('cardBorderRadius')}
                />
              )}
            </Field>
            <Field id={f('size')} label={t('settings.fontSize')}>
              {(control) => (
                <input {...control} type="number" inputMode="numeric" min={8} max={64} value={values.fontSize} onChange={set('fontSize')} />
              )}
            </Field>
          </div>
          <Field id={f('font')} label={t('settings.fontFamily')}>
            {(control) => (
              <select {...control} value={values.fontFamily} onChange={set('fontFamily')}>
                {FONT_FAMILIES.map((family) => (
                  <option key={family} value={family} style={{ fontFamily: family }}>
                    {family}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>

        <fieldset className="fieldset">
          <legend>{t('settings.restaurant')}</legend>
          <Field id={f('name')} label={t('settings.restaurantName')}>
            {(control) => <input {...control} value={values.nombre_restaurante} onChange={set('nombre_restaurante')} maxLength={120} />}
          </Field>
          <Field id={f('phone')} label={t('settings.phone')}>
            {(control) => (
              <input
                {...control}
                type="tel"
                autoComplete="tel"
                value={values.telefono_contacto}
                onChange={set('telefono_contacto')}
                maxLength={40}
              />
            )}
          </Field>
          <Field id={f('address')} label={t('settings.address')} hint={t('settings.addressHint')}>
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="street-address"
                value={values.direccion}
                onChange={set('direccion')}
                maxLength={200}
              />
            )}
          </Field>
          <Field id={f('maps')} label={t('settings.maps')}>
            {(control) => (
              <input
                {...control}
                type="url"
                inputMode="url"
                value={values.ubicacion_google_maps}
                onChange={set('ubicacion_google_maps')}
                maxLength={500}
              />
            )}
          </Field>
          <Field id={f('currency')} label={t('settings.currency')}>
            {(control) => (
              <select {...control} value={values.moneda} onChange={set('moneda')}>
                {currencies.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>

        <fieldset className="fieldset">
          <legend>{t('settings.images')}</legend>
          <Field id={f('logo')} label={t('settings.logo')}>
            {(control) => (
              <>
                <input {...control} type="file" accept="image/*" disabled={uploading !== null} onChange={(e) => void onImage('logo', e)} />
                <CurrentImage src={values.logo} alt={t('settings.currentLogo')} empty={t('settings.noLogo')} testId="current-logo" />
              </>
            )}
          </Field>
          <Field id={f('bg')} label={t('settings.background')}>
            {(control) => (
              <>
                <input {...control} type="file" accept="image/*" disabled={uploading !== null} onChange={(e) => void onImage('background', e)} />
                <CurrentImage
                  src={values.backgroundImage}
                  alt={t('settings.currentBackground')}
                  empty={t('settings.noBackground')}
                  testId="current-background"
                />
              </>
            )}
          </Field>
          {uploading && <p role="status">{t('settings.uploading')}</p>}
        </fieldset>

        <Notice message={message} />
        <SubmitButton busy={busy} label={t('settings.save')} busyLabel={t('settings.saving')} />
      </form>

      <aside className="settings-preview-panel" aria-labelledby={f('preview')}>
        <h2 id={f('preview')}>{t('settings.preview')}</h2>
        <p className="muted">{t('settings.previewHint')}</p>
        <CardPreview values={preview} />
      </aside>
    </div>
  );
}

/** The image a file field currently holds (the logo, the background), or the field's "none yet" note. */
function CurrentImage({ src, alt, empty, testId }: { src: string; alt: string; empty: string; testId: string }) {
  const url = mediaUrl(src);
  if (!url) return <span className="muted">{empty}</span>;
  return <img className="settings-current" src={url} alt={alt} width={96} height={64} data-testid={testId} />;
}
