import { useId, useState } from 'react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { errorText } from '../../../lib/api-client';
import { useDebounced } from '../../../lib/use-debounced';
import { customersQueryOptions, exportCustomersCsv } from '../api/customers-api';
import { CustomerTable } from '../components/CustomerTable';
import '../customers.css';
import { saveFile } from '../../../lib/save-file';

const SEARCH_DELAY_MS = 300;

/** 'Clientes': the restaurant's diners and guests, searchable, paged, exportable. */
export default function CustomersPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('customers.title')} missingText={t('customers.missingClienteId')}>
      {(clienteId) => <Customers clienteId={clienteId} />}
    </RestaurantPage>
  );
}

function Customers({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const query = useInfiniteQuery(customersQueryOptions(clienteId, q));

  const exportCsv = useMutation({
    mutationFn: () => exportCustomersCsv(clienteId, q),
    onSuccess: (blob) => saveFile(blob, `clientes-${clienteId}.csv`),
  });

  const pages = query.data?.pages ?? [];
  const customers = pages.flatMap((p) => p.usuarios);
  const first = pages[0];
  const loadError = errorText(query.error, t('customers.loadError'), t('errors.network'));

  let body;
  if (query.isPending) body = <p role="status">{t('customers.loading')}</p>;
  else if (!first) body = null; // the first page failed: only the error below
  else if (customers.length === 0)
    body = q ? (
      <p className="muted">{t('customers.noMatches')}</p>
    ) : (
      <div className="customers-empty">
        <p>{t('customers.empty')}</p>
        <p className="muted">{t('customers.emptyHint')}</p>
      </div>
    );
  else body = <CustomerTable customers={customers} moneda={first.moneda} />;

  return (
    <>
      <p className="muted">{t('customers.intro')}</p>
      <div className="customers-toolbar">
        <div className="field" role="search">
          <label htmlFor={`${id}-q`}>{t('customers.search')}</label>
          <input
            id={`${id}-q`}
            type="search"
            value={search}
            maxLength={100}
            placeholder={t('customers.searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="button"
          disabled={exportCsv.isPending}
          aria-busy={exportCsv.isPending}
          aria-describedby={`${id}-export`}
          onClick={() => exportCsv.mutate()}
        >
          {exportCsv.isPending ? t('customers.exporting') : t('customers.export')}
        </button>
      </div>
      <p className="customers-hint muted" id={`${id}-export`}>
        {t('customers.privacy')} {t('customers.exportHint')}
      </p>
      <p className="customers-hint muted">
        <span className="customers-guest">{t('customers.guest')}</span> {t('customers.guestHint')}
      </p>
      {exportCsv.isError && <FormError error={errorText(exportCsv.error, t('customers.exportError'), t('errors.network'))} />}
      {first && (
        <p className="customers-count" role="status">
          {t(q ? 'customers.matches' : 'customers.count', { count: first.total })}
        </p>
      )}
      {body}
      {query.isError && (
        <div className="customers-error">
          <FormError error={loadError} />
          <button
            type="button"
            className="button"
            onClick={() => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch())}
          >
            {t('errors.retry')}
          </button>
        </div>
      )}
      {query.hasNextPage && !query.isError && (
        <div className="customers-more">
          <button
            type="button"
            className="button"
            disabled={query.isFetchingNextPage}
            aria-busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? t('customers.loadingMore') : t('customers.loadMore')}
          </button>
        </div>
      )}
    </>
  );
}
