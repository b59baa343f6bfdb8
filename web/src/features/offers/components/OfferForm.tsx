import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field, SubmitButton } from '../../../components/Form';
import { useObjectUrl } from '../../../components/use-object-url';
import { errorText } from '../../../lib/api-client';
import { isoDay } from '../../../lib/dates';
import { createCupon, offersKeys, type NewCupon } from '../api/offers-api';

/** The form's text fields, as typed (the image is kept apart). */
type Fields = Omit<NewCupon, 'imagen'>;
/** The optional fields: the English texts (diners reading in English get the Spanish ones without them). */
const OPTIONAL: (keyof Fields)[] = ['titulo_en', 'descripcion_en'];
const EMPTY: Fields = { titulo: '', descripcion: '', titulo_en: '', descripcion_en: '', descuento: '', precio: '', codigo: '', fecha_expiracion: '', cantidad_disponible: '' };
type Status = { kind: 'busy' | 'ok' | 'error'; text: string } | null;

function isImage(file: File): boolean {
  return file.type.startsWith('image/');
}

/** Today in the restaurant's zone: the expiry date is a day of the restaurant's (the server ends it at 23:59:59 there). */
function todayIso(): string {
  return isoDay(Date.now());
}

/** The 'Crear Oferta' form: every field is required, the image included (image files only). */
export function OfferForm({ clienteId, disabled }: { clienteId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);
  const [status, setStatus] = useState<Status>(null);
  const busy = status?.kind === 'busy';

  const set = (key: keyof Fields) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.currentTarget.files?.[0] ?? null;
    if (chosen && !isImage(chosen)) {
      setStatus({ kind: 'error', text: t('offerForm.imageOnly') });
      setFile(null);
      e.currentTarget.value = '';
      return;
    }
    if (status?.kind === 'error') setStatus(null);
    setFile(chosen);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || disabled) return;
    const trimmed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()])) as Fields;
    if (Object.entries(trimmed).some(([k, v]) => v === '' && !OPTIONAL.includes(k as keyof Fields)) || !file) {
      setStatus({ kind: 'error', text: t('offerForm.required') });
      return;
    }
    const descuento = Number(trimmed.descuento);
    if (!Number.isInteger(descuento) || descuento < 1 || descuento > 100) {
      setStatus({ kind: 'error', text: t('offerForm.discountRange') });
      return;
    }
    const precio = Number(trimmed.precio.replace(',', '.'));
    if (!Number.isFinite(precio) || precio <= 0) {
      setStatus({ kind: 'error', text: t('offerForm.priceInvalid') });
      return;
    }
    const cantidad = Number(trimmed.cantidad_disponible);
    if (!Number.isInteger(cantidad) || cantidad < 1) {
      setStatus({ kind: 'error', text: t('offerForm.quantityMin') });
      return;
    }
    if (trimmed.fecha_expiracion < todayIso()) {
      setStatus({ kind: 'error', text: t('offerForm.dateFuture') });
      return;
    }
    setStatus({ kind: 'busy', text: t('offerForm.uploading') });
    try {
      await createCupon(clienteId, { ...trimmed, precio: precio.toFixed(2), codigo: trimmed.codigo.toUpperCase(), imagen: file });
      setFields(EMPTY);
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
      setStatus({ kind: 'ok', text: t('offerForm.created') });
      void queryClient.invalidateQueries({ queryKey: offersKeys.owner(clienteId) });
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err, t('offerForm.createError'), t('errors.network')) });
    }
  }

  const off = disabled || busy;
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} aria-disabled={disabled}>
      <h2 id={`${id}-title`} className="section-title">
        {t('offerForm.title')}
      </h2>
      <fieldset className="fieldset" disabled={off}>
        <Field id={`${id}-titulo`} label={t('offerForm.titulo')}>
          {(control) => <input {...control} value={fields.titulo} onChange={set('titulo')} maxLength={120} required />}
        </Field>
        <Field id={`${id}-descripcion`} label={t('offerForm.descripcion')}>
          {(control) => <textarea {...control} value={fields.descripcion} onChange={set('descripcion')} maxLength={1000} required />}
        </Field>
        <Field id={`${id}-titulo-en`} label={t('offerForm.tituloEn')}>
          {(control) => <input {...control} lang="en" value={fields.titulo_en} onChange={set('titulo_en')} maxLength={120} />}
        </Field>
        <Field id={`${id}-descripcion-en`} label={t('offerForm.descripcionEn')}>
          {(control) => <textarea {...control} lang="en" value={fields.descripcion_en} onChange={set('descripcion_en')} maxLength={1000} />}
        </Field>
        <div className="field-row">
          <Field id={`${id}-descuento`} label={t('offerForm.descuento')}>
            {(control) => <input {...control} type="number" min={1} max={100} step={1} value={fields.descuento} onChange={set('descuento')} required />}
          </Field>
          <Field id={`${id}-precio`} label={t('offerForm.precio')}>
            {(control) => <input {...control} type="number" min={0.01} step={0.01} inputMode="decimal" value={fields.precio} onChange={set('precio')} required />}
          </Field>
          <Field id={`${id}-cantidad`} label={t('offerForm.cantidad')}>
            {(control) => <input {...control} type="number" min={1} step={1} value={fields.cantidad_disponible} onChange={set('cantidad_disponible')} required />}
          </Field>
        </div>
        <div className="field-row">
          <Field id={`${id}-codigo`} label={t('offerForm.codigo')}>
            {(control) => (
              <input
                {...control}
                value={fields.codigo}
                onChange={set('codigo')}
                maxLength={40}
                pattern="[A-Za-z0-9_\-]+"
                autoCapitalize="characters"
                required
              />
            )}
          </Field>
          <Field id={`${id}-fecha`} label={t('offerForm.fecha')}>
            {(control) => <input {...control} type="date" min={todayIso()} value={fields.fecha_expiracion} onChange={set('fecha_expiracion')} required />}
          </Field>
        </div>
        <Field id={`${id}-imagen`} label={t('offerForm.imagen')}>
          {(control) => <input {...control} ref={fileRef} type="file" accept="image/*" onChange={onFile} required />}
        </Field>
        {preview && (
          <img className="offers-preview" src={preview} alt={t('offerForm.preview')} data-testid="offer-preview" />
        )}
      </fieldset>
      {status && (
        <p
          className={status.kind === 'error' ? 'form__error' : status.kind === 'ok' ? 'form__ok' : 'muted'}
          role={status.kind === 'error' ? 'alert' : 'status'}
        >
          {status.text}
        </p>
      )}
      <SubmitButton busy={busy} disabled={disabled} label={t('offerForm.submit')} busyLabel={t('offerForm.creating')} />
    </form>
  );
}
