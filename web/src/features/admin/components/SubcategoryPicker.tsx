import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  assignSubcategories,
  posCategoriesQueryOptions,
  type Categoria,
  type Subcategoria,
} from '../api/catalog-admin-api';
import { FormActions, FormError, SubmitButton } from '../../../components/Form';
import { categoryErrorText } from '../lib/messages';
import { isTimeoutError } from '../lib/timeout';
import { Modal } from './Modal';

/** A position as the server wants it: a whole number, at least 1 (spec section 5). */
export function clampPosition(raw: string | number): number {
  const n = Math.floor(Number(raw));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

type Props = {
  clienteId: string;
  categories: Categoria[];
  initialCategoryId?: number | null;
  onClose: () => void;
  /** Called after a successful assignment with the main category and the server's list. */
  onAssigned: (categoryId: number, subcategorias: Subcategoria[] | undefined) => void;
};

/**
 * 'Asignar Subcategorías': choose a main category and the POS categories it
 * shows (checkboxes), each with a position (at least 1).
 */
export function SubcategoryPicker({ clienteId, categories, initialCategoryId, onClose, onAssigned }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const pos = useQuery(posCategoriesQueryOptions(clienteId));
  const [mainId, setMainId] = useState(initialCategoryId ? String(initialCategoryId) : '');
  // Chosen POS category id → the position as typed (insertion order = choice order).
  const [picks, setPicks] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function toggle(cloverId: string, checked: boolean) {
    setError(null);
    setPicks((current) => {
      const next = { ...current };
      if (checked) next[cloverId] = String(Object.keys(current).length + 1);
      else delete next[cloverId];
      return next;
    });
  }

  function setPosition(cloverId: string, raw: string) {
    // Below 1 is clamped at once; an empty box may stay empty while typing.
    const value = raw.trim() === '' ? '' : String(clampPosition(raw));
    setPicks((current) => ({ ...current, [cloverId]: value }));
  }

  function onBlurPosition(cloverId: string) {
    setPicks((current) => ({ ...current, [cloverId]: String(clampPosition(current[cloverId] ?? '')) }));
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const chosen = Object.keys(picks);
    if (!mainId || chosen.length === 0) {
      setError(t('categoriesAdmin.assignRequired'));
      return;
    }
    const positions: Record<string, number> = {};
    for (const cloverId of chosen) positions[cloverId] = clampPosition(picks[cloverId]);
    setPicks((current) => Object.fromEntries(Object.entries(current).map(([k, v]) => [k, String(clampPosition(v))])));
    setBusy(true);
    setError(null);
    try {
      const answer = await assignSubcategories(clienteId, Number(mainId), positions);
      onAssigned(Number(mainId), answer?.subcategorias);
    } catch (err) {
      setError(categoryErrorText(t, err, t('categoriesAdmin.assignError'), true));
      setBusy(false);
    }
  }

  let list;
  if (pos.isPending) list = <p role="status">{t('categoriesAdmin.posLoading')}</p>;
  else if (pos.isError)
    list = <FormError error={isTimeoutError(pos.error) ? t('categoriesAdmin.timeout') : t('categoriesAdmin.posLoadError')} />;
  else if (pos.data.length === 0) list = <p className="muted">{t('categoriesAdmin.posEmpty')}</p>;
  else
    list = (
      <ul className="admin-picks">
        {pos.data.map((c) => {
          const checked = c.clover_category_id in picks;
          const boxId = `${id}-pick-${c.clover_category_id}`;
          return (
            <li key={c.clover_category_id}>
              <label htmlFor={boxId}>
                <input
                  id={boxId}
                  type="checkbox"
                  checked={checked}
                  onChange={(e) => toggle(c.clover_category_id, e.currentTarget.checked)}
                />
                {c.subcategoria_nombre}
              </label>
              {checked && (
                <input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  aria-label={t('categoriesAdmin.positionOf', { name: c.subcategoria_nombre })}
                  value={picks[c.clover_category_id]}
                  onChange={(e) => setPosition(c.clover_category_id, e.currentTarget.value)}
                  onBlur={() => onBlurPosition(c.clover_category_id)}
                />
              )}
            </li>
          );
        })}
      </ul>
    );

  return (
    <Modal titleId={`${id}-title`} describedBy={`${id}-hint`} onClose={onClose} busy={busy}>
      <h2 id={`${id}-title`}>{t('categoriesAdmin.assignTitle')}</h2>
      <p id={`${id}-hint`} className="muted">
        {t('categoriesAdmin.assignHint')}
      </p>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <div className="field">
          <label htmlFor={`${id}-main`}>{t('categoriesAdmin.mainCategory')}</label>
          <select
            id={`${id}-main`}
            value={mainId}
            onChange={(e) => {
              setError(null);
              setMainId(e.currentTarget.value);
            }}
          >
            <option value="">{t('categoriesAdmin.chooseMain')}</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="fieldset">
          <legend>{t('categoriesAdmin.posCategories')}</legend>
          {list}
        </fieldset>
        <FormError error={error} />
        <FormActions className="admin-dialog__actions" cancelLabel={t('categoriesAdmin.cancel')} onCancel={onClose} busy={busy}>
          <SubmitButton busy={busy} label={t('categoriesAdmin.assignSubmit')} busyLabel={t('categoriesAdmin.assigning')} />
        </FormActions>
      </form>
    </Modal>
  );
}
