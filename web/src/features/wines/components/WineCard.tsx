import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice, SubmitButton, type Message } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { mediaUrl } from '../../../lib/media-url';
import { formatCents } from '../../../lib/money';
import { deleteWine, setWineAvailable, updateWine, uploadWineLabel, type Vino } from '../api/wines-api';
import { checkWine, fromVino, toInput, type WineFormValues } from '../lib/wine-form';
import { ConfirmDialog } from './ConfirmDialog';
import { WineFields } from './WineFields';

/** The label formats the server takes. */
export const LABEL_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

type Props = {
  clienteId: string;
  vino: Vino;
  currency: string;
  onChanged: (vino: Vino) => void;
  onDeleted: (id: number) => void;
};

type Busy = null | 'save' | 'availability' | 'label' | 'delete';

/** One wine of 'Gestión de Vinos': its card, inline edit, show/hide, label and delete. */
export function WineCard({ clienteId, vino, currency, onChanged, onDeleted }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'es';
  const [editing, setEditing] = useState<WineFormValues | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<Message>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const network = t('errors.network');
  const shown = vino.disponible === 1;

  async function onSave(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!editing || busy) return;
    const problem = checkWine(editing);
    if (problem) {
      setMessage({ kind: 'error', text: t(problem === 'required' ? 'wines.required' : 'wines.invalid') });
      return;
    }
    setBusy('save');
    setMessage(null);
    try {
      const saved = await updateWine(clienteId, vino.id, { ...toInput(editing), etiqueta_url: vino.etiqueta_url, disponible: vino.disponible });
      onChanged(saved);
      setEditing(null);
      setMessage({ kind: 'ok', text: t('wines.saved') });
      requestAnimationFrame(() => editButton.current?.focus());
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('wines.saveError'), network) });
    } finally {
      setBusy(null);
    }
  }

  async function onToggle() {
    if (busy) return;
    setBusy('availability');
    setMessage(null);
    try {
      onChanged(await setWineAvailable(clienteId, vino.id, shown ? 0 : 1));
    } catch {
      setMessage({ kind: 'error', text: t('wines.availabilityError') });
    } finally {
      setBusy(null);
    }
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const file = input.files?.[0] ?? null;
    input.value = '';
    if (!file) return;
    if (!LABEL_TYPES.includes(file.type)) {
      setMessage({ kind: 'error', text: t('wines.labelTypes') });
      return;
    }
    setBusy('label');
    setMessage(null);
    try {
      const url = await uploadWineLabel(clienteId, vino.id, file, file.name);
      onChanged({ ...vino, etiqueta_url: url });
      setMessage({ kind: 'ok', text: t('wines.labelUploaded') });
    } catch {
      setMessage({ kind: 'error', text: t('wines.imageError') });
    } finally {
      setBusy(null);
    }
  }

  async function onDelete() {
    setBusy('delete');
    try {
      await deleteWine(clienteId, vino.id);
      setConfirming(false);
      onDeleted(vino.id);
    } catch {
      setConfirming(false);
      setMessage({ kind: 'error', text: t('wines.deleteError') });
    } finally {
      setBusy(null);
    }
  }

  const src = mediaUrl(vino.etiqueta_url);
  const f = (name: string) => `${id}-${name}`;
  const origin = [vino.region, vino.pais].filter(Boolean).join(', ');

  return (
    // While edited, the card takes the whole row: the form needs the room, and the other cards keep their size.
    <li className={editing ? 'wine-grid__wide' : undefined}>
      <article className={`wine-admin${shown ? '' : ' wine-admin--hidden'}`} aria-labelledby={f('name')} data-testid="wine-card">
        <div className="wine-admin__top">
          {src ? (
            <img className="wine-label" src={src} alt={t('wines.labelAlt', { name: vino.nombre })} width={96} height={128} loading="lazy" decoding="async" data-testid="wine-label" />
          ) : (
            <span className="wine-label wine-label--empty" data-testid="wine-label">
              {t('wines.noLabel')}
            </span>
          )}
          <div className="wine-admin__info">
            <div className="wine-admin__head">
              <h3 id={f('name')}>{vino.nombre}</h3>
              <span className={`wine-badge ${shown ? 'wine-badge--shown' : 'wine-badge--hidden'}`} data-testid="wine-visibility">
                {shown ? t('wines.shown') : t('wines.hidden')}
              </span>
            </div>
            {vino.bodega && <p className="wine-admin__line">{vino.bodega}</p>}
            <p className="wine-admin__line muted">
              {vino.anio ?? t('wines.sinAnada')} · {t(`wines.types.${vino.tipo}`, { defaultValue: vino.tipo })}
              {origin && ` · ${origin}`}
            </p>
            <p className="wine-admin__price">
              <span>
                {t('wines.bottle')}: <strong>{formatCents(vino.precio, currency, lang)}</strong>
              </span>
              {vino.precio_copa !== null && vino.precio_copa > 0 && (
                <span>
                  {t('wines.glass')}: <strong>{formatCents(vino.precio_copa, currency, lang)}</strong>
                </span>
              )}
            </p>
          </div>
        </div>

        {editing ? (
          <form className="form" onSubmit={onSave} noValidate aria-label={t('wines.editing', { name: vino.nombre })}>
            <WineFields values={editing} onChange={setEditing} />
            <Notice message={message} />
            <div className="wine-actions">
              <button type="button" className="button" onClick={() => { setEditing(null); setMessage(null); }} disabled={busy !== null}>
                {t('wines.cancel')}
              </button>
              <SubmitButton busy={busy === 'save'} disabled={busy !== null} label={t('wines.save')} busyLabel={t('wines.saving')} />
            </div>
          </form>
        ) : (
          <>
            <div className="wine-actions wine-actions--start">
              <button ref={editButton} type="button" className="button wine-button" onClick={() => { setEditing(fromVino(vino)); setMessage(null); }} disabled={busy !== null}>
                {t('wines.edit')}
              </button>
              <button type="button" className="button wine-button" onClick={() => void onToggle()} disabled={busy !== null} aria-busy={busy === 'availability'}>
                {shown ? t('wines.hide') : t('wines.show')}
              </button>
              <button type="button" className="button wine-button" onClick={() => fileRef.current?.click()} disabled={busy !== null} aria-busy={busy === 'label'}>
                {busy === 'label' ? t('wines.uploading') : t('wines.changeLabel')}
              </button>
              <input
                ref={fileRef}
                type="file"
                accept={LABEL_TYPES.join(',')}
                className="wine-file-input"
                tabIndex={-1}
                aria-label={t('wines.labelFile', { name: vino.nombre })}
                data-testid="wine-label-input"
                onChange={(e) => void onFile(e)}
              />
              <button type="button" className="button wine-button wine-button--danger" onClick={() => setConfirming(true)} disabled={busy !== null}>
                {t('wines.delete')}
              </button>
            </div>
            <Notice message={message} />
          </>
        )}
      </article>
      {confirming && (
        <ConfirmDialog
          title={t('wines.deleteTitle')}
          text={t('wines.deleteConfirm', { name: vino.nombre })}
          confirmLabel={t('wines.delete')}
          busyLabel={t('wines.deleting')}
          cancelLabel={t('wines.cancel')}
          busy={busy === 'delete'}
          onConfirm={() => void onDelete()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
