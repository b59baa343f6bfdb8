import { useCallback, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SETTINGS } from '../../../api/settings';
import { FormError, Notice, type Message } from '../../../components/Form';
import { useTargetClienteId } from '../../../app/session/target-cliente';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { errorText } from '../../../lib/api-client';
import { getSettingsQueryOptions } from '../../settings';
import {
  adminKeys,
  adminProductsQueryOptions,
  posCategoriesQueryOptions,
  setVisibilityMany,
  type Producto,
} from '../api/catalog-admin-api';
import { PosNamesEditor } from '../components/PosNamesEditor';
import { ProductRow } from '../components/ProductRow';
import { matchesSearch } from '../lib/target';
import '../admin.css';

/**
 * 'Gestión de Productos': the products grouped by POS category as compact
 * rows under a sticky bar (search, category filter, bulk show/hide); a row
 * opens its editor (image crop, description, translation, visibility,
 * allergens). Above them, the Spanish and English names of the POS's
 * modifiers and taxes (translated where the products are). With one
 * subcategory chosen (?categoria=, a POS category), the heading names it.
 */
export default function ProductsPage() {
  const { t } = useTranslation();
  const clienteId = useTargetClienteId();
  const [params] = useSearchParams();
  const chosen = params.get(CATEGORY_PARAM);
  const posCats = useQuery({ ...posCategoriesQueryOptions(clienteId ?? ''), enabled: clienteId !== null && chosen !== null });
  const sub = chosen === null ? undefined : posCats.data?.find((c) => c.clover_category_id === chosen)?.subcategoria_nombre;
  const title = sub ? t('productsAdmin.titleOf', { title: t('productsAdmin.title'), subcategoria: sub }) : t('productsAdmin.title');
  return (
    <RestaurantPage title={title} missingText={t('productsAdmin.missingClienteId')}>
      {(clienteId) => <ProductsAdmin key={clienteId} clienteId={clienteId} />}
    </RestaurantPage>
  );
}

/** The query parameter of the subcategory shown (a POS category id). */
const CATEGORY_PARAM = 'categoria';

/** The group key of products in no known POS category. */
const NONE = '';

function ProductsAdmin({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery(adminProductsQueryOptions(clienteId));
  const posCats = useQuery(posCategoriesQueryOptions(clienteId));
  const settings = useQuery(getSettingsQueryOptions(clienteId));
  const currency = settings.data?.moneda || DEFAULT_SETTINGS.moneda;
  const [search, setSearch] = useState('');
  const [params, setParams] = useSearchParams();
  const category = params.get(CATEGORY_PARAM);
  const setCategory = (c: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (c === null) next.delete(CATEGORY_PARAM);
        else next.set(CATEGORY_PARAM, c);
        return next;
      },
      { replace: true },
    );
  const [selected, setSelected] = useState<ReadonlySet<Producto['id']>>(new Set());
  const [open, setOpen] = useState<Producto['id'] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  const onUpdated = useCallback(
    (productId: Producto['id'], patch: Partial<Producto>) => {
      queryClient.setQueryData<Producto[]>(adminKeys.products(clienteId), (list) =>
        list?.map((p) => (String(p.id) === String(productId) ? { ...p, ...patch } : p)),
      );
    },
    [queryClient, clienteId],
  );

  // Groups in the POS's order; a product in several POS categories is listed under its first.
  const groups = useMemo(() => {
    const names = new Map<string, string>((posCats.data ?? []).map((c) => [c.clover_category_id, c.subcategoria_nombre]));
    const byCat = new Map<string, Producto[]>();
    for (const c of posCats.data ?? []) byCat.set(c.clover_category_id, []);
    for (const p of query.data ?? []) {
      if (!matchesSearch(p, search)) continue;
      const first = (p.categorias ?? []).find((c) => names.has(c)) ?? NONE;
      if (category !== null && first !== category) continue;
      if (!byCat.has(first)) byCat.set(first, []);
      byCat.get(first)!.push(p);
    }
    return [...byCat.entries()]
      .filter(([, ps]) => ps.length > 0)
      .map(([key, ps]) => ({ key, name: key === NONE ? t('productsAdmin.noCategory') : (names.get(key) ?? key), products: ps }));
  }, [posCats.data, query.data, search, category, t]);
  const shownCount = groups.reduce((n, g) => n + g.products.length, 0);

  function select(ids: Producto['id'][], on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const i of ids) {
        if (on) next.add(i);
        else next.delete(i);
      }
      return next;
    });
  }

  async function bulk(visible: boolean) {
    if (busy || selected.size === 0) return;
    const ids = [...selected];
    setBusy(true);
    setMessage(null);
    try {
      await setVisibilityMany(clienteId, ids, visible);
      queryClient.setQueryData<Producto[]>(adminKeys.products(clienteId), (list) =>
        list?.map((p) => (selected.has(p.id) ? { ...p, visible } : p)),
      );
      setSelected(new Set());
      setMessage({
        kind: 'ok',
        text: t(visible ? 'productsAdmin.bulkShown' : 'productsAdmin.bulkHidden', { count: ids.length }),
      });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('productsAdmin.visibilityError'), t('errors.network')) });
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (query.isPending) body = <p role="status">{t('productsAdmin.loading')}</p>;
  else if (query.isError) body = <FormError error={t('productsAdmin.loadError')} />;
  else if (query.data.length === 0) body = <p className="muted">{t('productsAdmin.empty')}</p>;
  else if (shownCount === 0) body = <p className="muted">{t('productsAdmin.noMatches')}</p>;
  else
    body = groups.map((g) => {
      const ids = g.products.map((p) => p.id);
      const all = ids.every((i) => selected.has(i));
      return (
        <section key={g.key} className="prod-group" aria-labelledby={`${id}-g-${g.key}`}>
          <div className="prod-group__head">
            <input
              type="checkbox"
              checked={all}
              onChange={() => select(ids, !all)}
              aria-label={t('productsAdmin.selectGroup', { name: g.name })}
            />
            <h2 id={`${id}-g-${g.key}`} className="prod-group__title">
              {g.name} <span className="muted">({g.products.length})</span>
            </h2>
          </div>
          <ul className="prod-rows">
            {g.products.map((p) => (
              <ProductRow
                key={p.id}
                clienteId={clienteId}
                producto={p}
                currency={currency}
                selected={selected.has(p.id)}
                onSelect={(on) => select([p.id], on)}
                open={open === p.id}
                onOpen={(o) => setOpen(o ? p.id : null)}
                onUpdated={onUpdated}
              />
            ))}
          </ul>
        </section>
      );
    });

  return (
    <>
      <PosNamesEditor clienteId={clienteId} />
      <div className="prod-toolbar" data-testid="products-toolbar">
        <div className="prod-toolbar__filters">
          <div className="field prod-toolbar__search">
            <label htmlFor={`${id}-search`}>{t('productsAdmin.search')}</label>
            <input
              id={`${id}-search`}
              type="search"
              value={search}
              placeholder={t('productsAdmin.searchPlaceholder')}
              onChange={(e) => setSearch(e.currentTarget.value)}
              aria-describedby={`${id}-count`}
            />
          </div>
          <div className="field prod-toolbar__category">
            <label htmlFor={`${id}-cat`}>{t('productsAdmin.category')}</label>
            <select id={`${id}-cat`} value={category ?? '*'} onChange={(e) => setCategory(e.currentTarget.value === '*' ? null : e.currentTarget.value)}>
              <option value="*">{t('productsAdmin.allCategories')}</option>
              {(posCats.data ?? []).map((c) => (
                <option key={c.clover_category_id} value={c.clover_category_id}>
                  {c.subcategoria_nombre}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="prod-toolbar__bulk" role="group" aria-label={t('productsAdmin.bulkLabel')}>
          <span id={`${id}-count`} aria-live="polite">
            {selected.size > 0
              ? t('productsAdmin.selected', { count: selected.size })
              : query.isSuccess
                ? t('productsAdmin.count', { count: shownCount })
                : ''}
          </span>
          <button type="button" className="button button--small" disabled={busy || selected.size === 0} onClick={() => void bulk(true)}>
            {t('productsAdmin.showSelected')}
          </button>
          <button type="button" className="button button--small" disabled={busy || selected.size === 0} onClick={() => void bulk(false)}>
            {t('productsAdmin.hideSelected')}
          </button>
          {selected.size > 0 && (
            <button type="button" className="button button--small prod-toolbar__clear" onClick={() => setSelected(new Set())}>
              {t('productsAdmin.clearSelection')}
            </button>
          )}
        </div>
        <Notice message={message} />
      </div>
      {body}
    </>
  );
}
