import { useId, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../lib/media-url';
import {
  adminKeys,
  adminSubcategoriesQueryOptions,
  deleteCategory,
  removeSubcategory,
  updateCategoryEnglishName,
  uploadCategoryImage,
  type Categoria,
  type Subcategoria,
} from '../api/catalog-admin-api';
import { FormError, Notice, type Message } from '../../../components/Form';
import { categoryErrorText } from '../lib/messages';
import { isTimeoutError } from '../lib/timeout';
import { useSyncedState } from '../lib/use-synced-state';

type Props = {
  clienteId: string;
  categoria: Categoria;
  /** Page-level notices (the card itself is gone after a delete). */
  onPageMessage: (m: Message) => void;
  onAssign: (categoryId: number) => void;
  /** Refetches the admin lists and drops the diner menu cache. */
  onChanged: () => Promise<void>;
};

/** One main category: image upload, names, its subcategories and delete. */
export function CategoryCard({ clienteId, categoria, onPageMessage, onAssign, onChanged }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<Message>(null);
  // 'image', 'name', 'delete', or `sub:{clover_category_id}` while removing a subcategory.
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const [nameEn, setNameEn] = useSyncedState(categoria.translations?.en?.name ?? '');

  async function onUpload() {
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setMessage({ kind: 'error', text: t('categoriesAdmin.chooseImage') });
      return;
    }
    setBusy('image');
    setMessage(null);
    try {
      await uploadCategoryImage(clienteId, categoria.id, file);
      if (fileRef.current) fileRef.current.value = '';
      setMessage({ kind: 'ok', text: t('categoriesAdmin.imageUploaded') });
      await onChanged();
    } catch (err) {
      setMessage({ kind: 'error', text: categoryErrorText(t, err, t('categoriesAdmin.imageError')) });
    } finally {
      setBusy(null);
    }
  }

  async function onSaveNameEn(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy('name');
    setMessage(null);
    try {
      await updateCategoryEnglishName(clienteId, categoria.id, nameEn.trim());
      setMessage({ kind: 'ok', text: t('categoriesAdmin.nameEnSaved') });
      await onChanged();
    } catch (err) {
      setMessage({ kind: 'error', text: categoryErrorText(t, err, t('categoriesAdmin.nameEnError')) });
    } finally {
      setBusy(null);
    }
  }

  async function onRemove(sub: Subcategoria) {
    setBusy(`sub:${sub.clover_category_id}`);
    setMessage(null);
    try {
      await removeSubcategory(clienteId, categoria.id, sub.clover_category_id);
      setMessage({ kind: 'ok', text: t('categoriesAdmin.subcategoryRemoved') });
      await onChanged();
    } catch (err) {
      const text = isTimeoutError(err)
        ? t('categoriesAdmin.timeout')
        : t('categoriesAdmin.subcategoryRemoveError', {
            message: categoryErrorText(t, err, err instanceof Error ? err.message : t('errors.generic')),
          });
      setMessage({ kind: 'error', text });
    } finally {
      setBusy(null);
    }
  }

  async function onDelete() {
    setBusy('delete');
    setMessage(null);
    onPageMessage(null);
    try {
      await deleteCategory(clienteId, categoria.id);
      onPageMessage({ kind: 'ok', text: t('categoriesAdmin.deleted') });
      // Its subcategories' query is disabled while busy is 'delete', so the
      // refetch below does not ask for a deleted category's list (a 404);
      // then its cache entry goes.
      await onChanged();
      queryClient.removeQueries({ queryKey: adminKeys.subcategories(clienteId, categoria.id), exact: true });
    } catch (err) {
      setConfirming(false);
      setMessage({ kind: 'error', text: categoryErrorText(t, err, t('categoriesAdmin.deleteError')) });
      setBusy(null);
    }
  }

  const src = mediaUrl(categoria.image_path);
  const f = (name: string) => `${id}-${name}`;
  return (
    <li className="admin-item" data-testid="category-card">
      {src ? (
        <img className="admin-image" src={src} alt={categoria.name} width={400} height={300} loading="lazy" decoding="async" />
      ) : (
        <span className="admin-image admin-image--empty">{t('categoriesAdmin.noImage')}</span>
      )}
      <h3 id={f('name')}>{categoria.name}</h3>

      <div className="admin-row">
        <div className="field">
          <label htmlFor={f('file')}>{t('categoriesAdmin.imageLabel', { name: categoria.name })}</label>
          <input id={f('file')} ref={fileRef} type="file" accept="image/*" disabled={busy !== null} />
        </div>
        <button type="button" className="button" onClick={() => void onUpload()} disabled={busy !== null} aria-busy={busy === 'image'}>
          {busy === 'image' ? t('categoriesAdmin.uploading') : t('categoriesAdmin.uploadImage')}
        </button>
      </div>

      <form className="admin-row" onSubmit={onSaveNameEn} noValidate>
        <div className="field">
          <label htmlFor={f('en')}>{t('categoriesAdmin.nameEnOf', { name: categoria.name })}</label>
          <input id={f('en')} value={nameEn} maxLength={80} onChange={(e) => setNameEn(e.currentTarget.value)} lang="en" />
        </div>
        <button type="submit" className="button" disabled={busy !== null} aria-busy={busy === 'name'}>
          {t('categoriesAdmin.saveNameEn')}
        </button>
      </form>

      <SubcategoryList
        clienteId={clienteId}
        categoria={categoria}
        busy={busy}
        onRemove={(s) => void onRemove(s)}
        onAssign={() => onAssign(categoria.id)}
      />

      <Notice message={message} />

      {confirming ? (
        <div className="admin-confirm" role="group" aria-labelledby={f('confirm')}>
          <p id={f('confirm')} style={{ margin: 0 }}>
            {t('categoriesAdmin.confirmDelete', { name: categoria.name })}
          </p>
          <div className="admin-row">
            <button
              type="button"
              className="button button--danger"
              onClick={() => void onDelete()}
              disabled={busy !== null}
              aria-busy={busy === 'delete'}
            >
              {busy === 'delete' ? t('categoriesAdmin.deleting') : t('categoriesAdmin.confirmDeleteYes')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)} disabled={busy === 'delete'}>
              {t('categoriesAdmin.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button--danger" onClick={() => setConfirming(true)} disabled={busy !== null}>
          {t('categoriesAdmin.delete')}
        </button>
      )}
    </li>
  );
}

function SubcategoryList({
  clienteId,
  categoria,
  busy,
  onRemove,
  onAssign,
}: {
  clienteId: string;
  categoria: Categoria;
  busy: string | null;
  onRemove: (s: Subcategoria) => void;
  onAssign: () => void;
}) {
  const { t } = useTranslation();
  // Not while the category is being deleted: it would be refetched after it is gone.
  const query = useQuery({ ...adminSubcategoriesQueryOptions(clienteId, categoria.id), enabled: busy !== 'delete' });
  let body;
  if (query.isPending) body = <p role="status">{t('categoriesAdmin.subcategoriesLoading')}</p>;
  else if (query.isError)
    body = <FormError error={isTimeoutError(query.error) ? t('categoriesAdmin.timeout') : t('categoriesAdmin.subcategoriesError')} />;
  else if (query.data.length === 0) body = <p className="muted">{t('categoriesAdmin.noSubcategories')}</p>;
  else
    body = (
      <ol className="admin-sublist" data-testid="subcategory-list">
        {query.data.map((s) => (
          <li key={s.clover_category_id} data-testid="subcategory-item">
            <span>
              <span className="admin-sublist__pos">
                {s.position == null ? t('categoriesAdmin.noPosition') : t('categoriesAdmin.position', { position: s.position })}
              </span>
              <span className="admin-sublist__name">{s.name}</span>
            </span>
            <button
              type="button"
              className="button button--small"
              aria-label={t('categoriesAdmin.removeSubcategoryLabel', { name: s.name })}
              disabled={busy !== null}
              aria-busy={busy === `sub:${s.clover_category_id}`}
              onClick={() => onRemove(s)}
            >
              {t('categoriesAdmin.removeSubcategory')}
            </button>
          </li>
        ))}
      </ol>
    );
  return (
    <section aria-label={`${t('categoriesAdmin.subcategoriesTitle')}: ${categoria.name}`}>
      <div className="admin-item__head">
        <h4 style={{ margin: '0 0 0.35rem' }}>{t('categoriesAdmin.subcategoriesTitle')}</h4>
        <button type="button" className="button button--small" onClick={onAssign} disabled={busy !== null}>
          {t('categoriesAdmin.assign')}
        </button>
      </div>
      {body}
    </section>
  );
}

