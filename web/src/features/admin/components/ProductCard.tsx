import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { mediaUrl } from '../../../lib/media-url';
import {
  setVisibility,
  updateDescription,
  updateTranslation,
  uploadProductImage,
  type Producto,
} from '../api/catalog-admin-api';
import { Field, Notice, type Message } from '../../../components/Form';
import { useSyncedState } from '../lib/use-synced-state';
import { DietaryEditor } from './DietaryEditor';
import { ImageCropDialog } from './ImageCropDialog';
import { SoldOutToggle } from '../../order-board';

type Props = {
  clienteId: string;
  producto: Producto;
  currency: string;
  /** Replaces the product in the list with the saved fields. */
  onUpdated: (id: Producto['id'], patch: Partial<Producto>) => void;
};

/**
 * The editor of one product, opened from its row: image (with the crop
 * dialog), visibility, sold out today, descriptions, allergens.
 */
export function ProductCard({ clienteId, producto, currency, onUpdated }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState<null | 'visibility' | 'description' | 'translation' | 'image'>(null);
  const [description, setDescription] = useSyncedState(producto.description ?? '');
  const en = producto.translations?.en;
  const [nameEn, setNameEn] = useSyncedState(en?.name ?? '');
  const [descriptionEn, setDescriptionEn] = useSyncedState(en?.description ?? '');
  const [cropFile, setCropFile] = useState<File | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const network = t('errors.network');

  async function onToggle() {
    if (busy) return;
    setBusy('visibility');
    setMessage(null);
    try {
      const answer = await setVisibility(clienteId, producto.id, !producto.visible);
      onUpdated(producto.id, { visible: typeof answer?.visible === 'boolean' ? answer.visible : !producto.visible });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('productsAdmin.visibilityError'), network) });
    } finally {
      setBusy(null);
    }
  }

  async function onSaveDescription(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const trimmed = description.trim();
    if (!trimmed) {
      setMessage({ kind: 'error', text: t('productsAdmin.descriptionEmpty') });
      return;
    }
    setBusy('description');
    setMessage(null);
    try {
      const answer = await updateDescription(clienteId, producto.id, trimmed);
      onUpdated(producto.id, { description: answer.description });
      setMessage({ kind: 'ok', text: t('productsAdmin.descriptionSaved') });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('productsAdmin.descriptionError'), network) });
    } finally {
      setBusy(null);
    }
  }

  async function onSaveTranslation(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy('translation');
    setMessage(null);
    const name = nameEn.trim();
    const desc = descriptionEn.trim();
    try {
      await updateTranslation(clienteId, producto.id, name, desc);
      onUpdated(producto.id, {
        translations: { ...producto.translations, en: { ...producto.translations?.en, name, description: desc } },
      });
      setMessage({ kind: 'ok', text: t('productsAdmin.translationSaved') });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('productsAdmin.translationError'), network) });
    } finally {
      setBusy(null);
    }
  }

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const file = input.files?.[0] ?? null;
    input.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setMessage({ kind: 'error', text: t('productsAdmin.imageOnly') });
      return;
    }
    setMessage(null);
    setCropFile(file);
  }

  async function onCropSaved(jpeg: Blob) {
    setBusy('image');
    try {
      const url = await uploadProductImage(clienteId, producto.id, jpeg);
      onUpdated(producto.id, { image_path: url });
      setMessage({ kind: 'ok', text: t('productsAdmin.imageUploaded') });
    } catch {
      setMessage({ kind: 'error', text: t('productsAdmin.imageError') });
    } finally {
      setBusy(null);
      setCropFile(null);
    }
  }

  const src = mediaUrl(producto.image_path);
  const f = (name: string) => `${id}-${name}`;
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'es';

  return (
    <>
      <div className="admin-item admin-editor" data-testid="product-card">
        {src ? (
          <img
            className="admin-image admin-image--square"
            src={src}
            alt=""
            width={240}
            height={240}
            loading="lazy"
            decoding="async"
            data-testid="product-image"
          />
        ) : (
          <span className="admin-image admin-image--square admin-image--empty" data-testid="product-image">
            {t('categoriesAdmin.noImage')}
          </span>
        )}
        <div className="admin-row">
          <button
            type="button"
            className="button button--small"
            onClick={() => fileRef.current?.click()}
            disabled={busy !== null}
            aria-busy={busy === 'image'}
          >
            {busy === 'image' ? t('productsAdmin.uploading') : t('productsAdmin.changeImage')}
          </button>
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            className="visually-hidden"
            tabIndex={-1}
            aria-label={t('productsAdmin.imageFile', { name: producto.name })}
            data-testid="product-image-input"
            onChange={onFile}
          />
        </div>

        <p className="admin-price" style={{ margin: 0 }}>
          {formatCents(producto.price, currency, lang)}
        </p>

        <button
          type="button"
          className="button button--small"
          onClick={() => void onToggle()}
          disabled={busy !== null}
          aria-busy={busy === 'visibility'}
        >
          {producto.visible ? t('productsAdmin.hide') : t('productsAdmin.show')}
        </button>
        <SoldOutToggle
          clienteId={clienteId}
          productId={producto.id}
          productName={producto.name}
          agotadoHoy={producto.agotado_hoy}
          onSaved={(agotadoHoy) =>
            // Sold out today makes it unorderable; back on, only the POS can still say no (read again).
            onUpdated(producto.id, agotadoHoy ? { agotado_hoy: true, agotado: true } : { agotado_hoy: false })
          }
        />

        <form className="form" onSubmit={onSaveDescription} noValidate>
          <Field id={f('desc')} label={t('productsAdmin.description')}>
            {(control) => (
              <textarea
                {...control}
                value={description}
                maxLength={1000}
                onChange={(e) => setDescription(e.currentTarget.value)}
              />
            )}
          </Field>
          <div>
            <button type="submit" className="button button--small" disabled={busy !== null} aria-busy={busy === 'description'}>
              {busy === 'description' ? t('productsAdmin.saving') : t('productsAdmin.saveDescription')}
            </button>
          </div>
        </form>

        <details className="admin-details">
          <summary>{t('productsAdmin.english')}</summary>
          <form className="form" onSubmit={onSaveTranslation} noValidate>
            <Field id={f('name-en')} label={t('productsAdmin.nameEn')}>
              {(control) => (
                <input
                  {...control}
                  lang="en"
                  value={nameEn}
                  maxLength={120}
                  onChange={(e) => setNameEn(e.currentTarget.value)}
                />
              )}
            </Field>
            <Field id={f('desc-en')} label={t('productsAdmin.descriptionEn')}>
              {(control) => (
                <textarea
                  {...control}
                  lang="en"
                  value={descriptionEn}
                  maxLength={1000}
                  onChange={(e) => setDescriptionEn(e.currentTarget.value)}
                />
              )}
            </Field>
            <div>
              <button type="submit" className="button button--small" disabled={busy !== null} aria-busy={busy === 'translation'}>
                {busy === 'translation' ? t('productsAdmin.saving') : t('productsAdmin.saveTranslation')}
              </button>
            </div>
          </form>
        </details>

        <Notice message={message} />

        <DietaryEditor clienteId={clienteId} producto={producto} onSaved={(patch) => onUpdated(producto.id, patch)} />
      </div>
      {cropFile && (
        <ImageCropDialog
          file={cropFile}
          onCancel={() => setCropFile(null)}
          onSave={onCropSaved}
          onFailed={() => {
            setCropFile(null);
            setMessage({ kind: 'error', text: t('productsAdmin.imageError') });
          }}
        />
      )}
    </>
  );
}
