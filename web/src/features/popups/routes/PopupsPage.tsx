import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mediaKind, type Popup } from '../../../api/popups';
import { Field, FormError, Notice, SubmitButton, type Message } from '../../../components/Form';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { useObjectUrl } from '../../../components/use-object-url';
import { errorText } from '../../../lib/api-client';
import { mediaUrl } from '../../../lib/media-url';
import { getPopupsQueryOptions, popupKeys } from '../api/get-popups';
import { createPopup, deletePopup } from '../api/popups-admin-api';

/** 'Gestión de Popups': the restaurant's active popups and the create form. */
export default function PopupsPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('popupsAdmin.title')} missingText={t('popupsAdmin.missingClienteId')}>
      {(clienteId) => <PopupsAdmin clienteId={clienteId} />}
    </RestaurantPage>
  );
}

function PopupsAdmin({ clienteId }: { clienteId: string }) {
  const [message, setMessage] = useState<Message>(null);
  return (
    <>
      <Notice message={message} />
      <PopupList clienteId={clienteId} onMessage={setMessage} />
      <CreatePopupForm clienteId={clienteId} onMessage={setMessage} />
    </>
  );
}

function PopupList({ clienteId, onMessage }: { clienteId: string; onMessage: (m: Message) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(getPopupsQueryOptions(clienteId));
  const [deleting, setDeleting] = useState<number | null>(null);

  async function onDelete(popup: Popup) {
    setDeleting(popup.id);
    onMessage(null);
    try {
      await deletePopup(clienteId, popup.id);
      onMessage({ kind: 'ok', text: t('popupsAdmin.deleted') });
      await queryClient.invalidateQueries({ queryKey: popupKeys.list(clienteId) });
    } catch {
      onMessage({ kind: 'error', text: t('popupsAdmin.deleteError') });
    } finally {
      setDeleting(null);
    }
  }

  let body;
  if (query.isPending) body = <p role="status">{t('popupsAdmin.loading')}</p>;
  else if (query.isError)
    body = <FormError error={t('popupsAdmin.loadError')} />;
  else if (query.data.length === 0) body = <p className="muted">{t('popupsAdmin.empty')}</p>;
  else
    body = (
      <ul className="popup-list">
        {query.data.map((popup) => (
          <li key={popup.id} className="popup-item" data-testid="popup-item">
            <h3>{popup.name}</h3>
            <PopupMedia url={mediaUrl(popup.file_url)} type={popup.file_type} alt={popup.name} />
            <button
              type="button"
              className="button"
              disabled={deleting !== null}
              aria-busy={deleting === popup.id}
              onClick={() => void onDelete(popup)}
            >
              {deleting === popup.id ? t('popupsAdmin.deleting') : t('popupsAdmin.delete')}
            </button>
          </li>
        ))}
      </ul>
    );
  return (
    <>
      <h2 className="section-title">{t('popupsAdmin.activeTitle')}</h2>
      {body}
    </>
  );
}

/** An image or video preview; 'Archivo no disponible.' when it fails to load. */
function PopupMedia({ url, type, alt }: { url: string; type: string; alt: string }) {
  const { t } = useTranslation();
  // The address that failed to load: another address gets its own chance.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = failedUrl === url;
  const kind = mediaKind(type);
  if (failed || !url) return <p className="popup-media popup-media--missing">{t('popupsAdmin.fileUnavailable')}</p>;
  if (kind === 'video')
    return <video className="popup-media" src={url} controls muted playsInline preload="metadata" onError={() => setFailedUrl(url)} />;
  if (kind === 'image')
    return <img className="popup-media" src={url} alt={alt} loading="lazy" decoding="async" onError={() => setFailedUrl(url)} />;
  return <p className="popup-media popup-media--missing">{t('popupsAdmin.unsupported')}</p>;
}

function CreatePopupForm({ clienteId, onMessage }: { clienteId: string; onMessage: (m: Message) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [nameEn, setNameEn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.currentTarget.files?.[0] ?? null;
    setError(null);
    if (chosen && mediaKind(chosen.type) === 'other') {
      setError(t('popupsAdmin.unsupported'));
      setFile(null);
      e.currentTarget.value = '';
      return;
    }
    setFile(chosen);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (!trimmed || !file) {
      setError(t('popupsAdmin.required'));
      return;
    }
    setError(null);
    onMessage(null);
    setBusy(true);
    try {
      await createPopup(clienteId, trimmed, file, nameEn.trim());
      setName('');
      setNameEn('');
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
      onMessage({ kind: 'ok', text: t('popupsAdmin.created') });
      await queryClient.invalidateQueries({ queryKey: popupKeys.list(clienteId) });
    } catch (err) {
      setError(errorText(err, t('popupsAdmin.createError'), t('errors.network')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {t('popupsAdmin.createTitle')}
      </h2>
      <Field id={`${id}-name`} label={t('popupsAdmin.name')}>
        {(control) => <input {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />}
      </Field>
      <Field id={`${id}-name-en`} label={t('popupsAdmin.nameEn')}>
        {(control) => <input {...control} lang="en" value={nameEn} onChange={(e) => setNameEn(e.target.value)} maxLength={120} />}
      </Field>
      <Field id={`${id}-file`} label={t('popupsAdmin.file')}>
        {(control) => <input {...control} ref={fileRef} type="file" accept="image/*,video/*" onChange={onFile} />}
      </Field>
      {preview && file && (
        <figure className="popup-item" aria-label={t('popupsAdmin.previewLabel')}>
          {mediaKind(file.type) === 'video' ? (
            <video className="popup-media" src={preview} controls muted playsInline data-testid="popup-preview" />
          ) : (
            <img className="popup-media" src={preview} alt={t('popupsAdmin.previewLabel')} data-testid="popup-preview" />
          )}
        </figure>
      )}
      <FormError error={error} />
      <SubmitButton busy={busy} label={t('popupsAdmin.create')} busyLabel={t('popupsAdmin.creating')} />
    </form>
  );
}
