import { useCallback, useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  adminCategoriesQueryOptions,
  adminKeys,
  createCategory,
  syncAll,
  type Categoria,
} from '../api/catalog-admin-api';
import { CategoryCard } from '../components/CategoryCard';
import { SubcategoryPicker } from '../components/SubcategoryPicker';
import { Field, FormError, Notice, SubmitButton, type Message } from '../../../components/Form';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { categoryErrorText } from '../lib/messages';
import { useMerchantId } from '../lib/target';
import { isTimeoutError } from '../lib/timeout';
import '../admin.css';

/** 'Gestión de Categorías': POS sync, main categories and their subcategories. */
export default function CategoriesPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('categoriesAdmin.title')} missingText={t('categoriesAdmin.missingClienteId')}>
      {(clienteId) => <CategoriesAdmin key={clienteId} clienteId={clienteId} />}
    </RestaurantPage>
  );
}

function CategoriesAdmin({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(adminCategoriesQueryOptions(clienteId));
  const [message, setMessage] = useState<Message>(null);
  const [syncing, setSyncing] = useState(false);
  const [picker, setPicker] = useState<{ categoryId: number | null } | null>(null);

  /** After a write: refetch this page's lists (the diner menu fetches afresh on each visit). */
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: [...adminKeys.all, clienteId] });
  }, [queryClient, clienteId]);

  async function onSync() {
    if (syncing) return;
    setSyncing(true);
    setMessage(null);
    try {
      const answer = await syncAll(clienteId);
      setMessage({ kind: 'ok', text: answer?.message || t('categoriesAdmin.synced') });
      await refresh();
    } catch (err) {
      setMessage({ kind: 'error', text: categoryErrorText(t, err, t('categoriesAdmin.syncError')) });
    } finally {
      setSyncing(false);
    }
  }

  const categories: Categoria[] = query.data ?? [];

  let list;
  if (query.isPending) list = <p role="status">{t('categoriesAdmin.loading')}</p>;
  else if (query.isError)
    list = <FormError error={isTimeoutError(query.error) ? t('categoriesAdmin.timeout') : t('categoriesAdmin.loadError')} />;
  else if (categories.length === 0) list = <p className="muted">{t('categoriesAdmin.empty')}</p>;
  else
    list = (
      <ul className="admin-grid">
        {categories.map((c) => (
          <CategoryCard
            key={c.id}
            clienteId={clienteId}
            categoria={c}
            onPageMessage={setMessage}
            onAssign={(categoryId) => setPicker({ categoryId })}
            onChanged={refresh}
          />
        ))}
      </ul>
    );

  return (
    <>
      <div className="admin-toolbar">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void onSync()}
          disabled={syncing}
          aria-busy={syncing}
        >
          {syncing ? t('categoriesAdmin.syncing') : t('categoriesAdmin.sync')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => setPicker({ categoryId: null })}
          disabled={!query.isSuccess || categories.length === 0}
        >
          {t('categoriesAdmin.assign')}
        </button>
      </div>
      <Notice message={message} className="admin-message" />

      <CreateCategoryForm clienteId={clienteId} onCreated={refresh} />

      <h2 className="section-title">{t('categoriesAdmin.listTitle')}</h2>
      {list}

      {picker && (
        <SubcategoryPicker
          clienteId={clienteId}
          categories={categories}
          initialCategoryId={picker.categoryId}
          onClose={() => setPicker(null)}
          onAssigned={() => {
            setPicker(null);
            setMessage({ kind: 'ok', text: t('categoriesAdmin.assigned') });
            void refresh();
          }}
        />
      )}
    </>
  );
}

function CreateCategoryForm({ clienteId, onCreated }: { clienteId: string; onCreated: () => Promise<void> }) {
  const { t } = useTranslation();
  const id = useId();
  const merchantId = useMerchantId();
  const [name, setName] = useState('');
  const [nameEn, setNameEn] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setMessage({ kind: 'error', text: t('categoriesAdmin.nameRequired') });
      return;
    }
    if (!clienteId || !merchantId) {
      setMessage({ kind: 'error', text: t('categoriesAdmin.missingIds') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await createCategory({
        name: trimmed,
        name_en: nameEn.trim() || undefined,
        merchant_id: merchantId,
        cliente_id: clienteId,
        image_path: '',
      });
      setName('');
      setNameEn('');
      setMessage({ kind: 'ok', text: t('categoriesAdmin.created') });
      await onCreated();
    } catch (err) {
      setMessage({ kind: 'error', text: categoryErrorText(t, err, t('categoriesAdmin.createError'), true) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`} className="section-title">
        {t('categoriesAdmin.createTitle')}
      </h2>
      <div className="field-row">
        <Field id={`${id}-name`} label={t('categoriesAdmin.name')}>
          {(control) => <input {...control} value={name} maxLength={80} onChange={(e) => setName(e.currentTarget.value)} />}
        </Field>
        <Field id={`${id}-en`} label={t('categoriesAdmin.nameEnOptional')}>
          {(control) => <input {...control} value={nameEn} maxLength={80} lang="en" onChange={(e) => setNameEn(e.currentTarget.value)} />}
        </Field>
      </div>
      <Notice message={message} />
      <div>
        <SubmitButton busy={busy} label={t('categoriesAdmin.create')} busyLabel={t('categoriesAdmin.creating')} />
      </div>
    </form>
  );
}
