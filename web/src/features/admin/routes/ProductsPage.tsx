import { useCallback, useId, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SETTINGS } from '../../../api/settings';
import { FormError } from '../../../components/Form';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { getSettingsQueryOptions } from '../../settings';
import { adminKeys, adminProductsQueryOptions, type Producto } from '../api/catalog-admin-api';
import { ProductCard } from '../components/ProductCard';
import { matchesSearch } from '../lib/target';
import '../admin.css';

/** 'Gestión de Productos': search, image crop, description, translation and visibility. */
export default function ProductsPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('productsAdmin.title')} missingText={t('productsAdmin.missingClienteId')}>
      {(clienteId) => <ProductsAdmin key={clienteId} clienteId={clienteId} />}
    </RestaurantPage>
  );
}

function ProductsAdmin({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery(adminProductsQueryOptions(clienteId));
  const settings = useQuery(getSettingsQueryOptions(clienteId));
  const currency = settings.data?.moneda || DEFAULT_SETTINGS.moneda;
  const [search, setSearch] = useState('');

  const onUpdated = useCallback(
    (productId: Producto['id'], patch: Partial<Producto>) => {
      queryClient.setQueryData<Producto[]>(adminKeys.products(clienteId), (list) =>
        list?.map((p) => (String(p.id) === String(productId) ? { ...p, ...patch } : p)),
      );
    },
    [queryClient, clienteId],
  );

  const shown = useMemo(() => (query.data ?? []).filter((p) => matchesSearch(p, search)), [query.data, search]);

  let body;
  if (query.isPending) body = <p role="status">{t('productsAdmin.loading')}</p>;
  else if (query.isError)
    body = <FormError error={t('productsAdmin.loadError')} />;
  else if (query.data.length === 0) body = <p className="muted">{t('productsAdmin.empty')}</p>;
  else if (shown.length === 0) body = <p className="muted">{t('productsAdmin.noMatches')}</p>;
  else
    body = (
      <ul className="admin-grid">
        {shown.map((p) => (
          <ProductCard key={p.id} clienteId={clienteId} producto={p} currency={currency} onUpdated={onUpdated} />
        ))}
      </ul>
    );

  return (
    <>
      <div className="field admin-search">
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
      <p id={`${id}-count`} className="muted" aria-live="polite">
        {query.isSuccess ? t('productsAdmin.count', { count: shown.length }) : ''}
      </p>
      {body}
    </>
  );
}
