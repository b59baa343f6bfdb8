import { useCallback, useId, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SETTINGS } from '../../../api/settings';
import { FormError } from '../../../components/Form';
import { getSettingsQueryOptions } from '../../settings';
import { adminWinesQueryOptions, winesKeys, type Vino } from '../api/wines-api';
import { matchesAdminSearch } from '../lib/filters';
import { NewWineForm } from './NewWineForm';
import { WineCard } from './WineCard';

/** 'Gestión de Vinos': the search box, 'Nuevo vino' and the cards of every wine (hidden ones too). */
export function WineList({ clienteId, headingLevel = 2 }: { clienteId: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery(adminWinesQueryOptions(clienteId));
  const settings = useQuery(getSettingsQueryOptions(clienteId));
  const currency = settings.data?.moneda || DEFAULT_SETTINGS.moneda;
  const [search, setSearch] = useState('');

  const setList = useCallback(
    (update: (list: Vino[]) => Vino[]) =>
      queryClient.setQueryData<Vino[]>(winesKeys.list(clienteId), (list) => (list ? update(list) : list)),
    [queryClient, clienteId],
  );
  const onChanged = useCallback((v: Vino) => setList((list) => list.map((w) => (w.id === v.id ? v : w))), [setList]);
  const onDeleted = useCallback((wineId: number) => setList((list) => list.filter((w) => w.id !== wineId)), [setList]);
  const onAdded = useCallback((v: Vino) => setList((list) => [v, ...list.filter((w) => w.id !== v.id)]), [setList]);

  const shown = useMemo(() => (query.data ?? []).filter((v) => matchesAdminSearch(v, search)), [query.data, search]);
  const Heading = `h${headingLevel}` as const;

  let body;
  if (query.isPending) body = <p role="status">{t('wines.loading')}</p>;
  else if (query.isError) body = <FormError error={t('wines.loadError')} />;
  else if (query.data.length === 0) body = <p className="muted">{t('wines.empty')}</p>;
  else if (shown.length === 0) body = <p className="muted">{t('wines.noMatches')}</p>;
  else
    body = (
      <ul className="wine-grid">
        {shown.map((v) => (
          <WineCard key={v.id} clienteId={clienteId} vino={v} currency={currency} onChanged={onChanged} onDeleted={onDeleted} />
        ))}
      </ul>
    );

  return (
    <div className="wines">
      <details className="wine-new">
        <summary>{t('wines.newWine')}</summary>
        <NewWineForm clienteId={clienteId} onAdded={onAdded} />
      </details>
      <Heading className="section-title">{t('wines.listHeading')}</Heading>
      <div className="field wine-search">
        <label htmlFor={`${id}-search`}>{t('wines.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          placeholder={t('wines.searchPlaceholder')}
          onChange={(e) => setSearch(e.currentTarget.value)}
          aria-describedby={`${id}-count`}
        />
      </div>
      <p id={`${id}-count`} className="muted" aria-live="polite">
        {query.isSuccess ? t('wines.count', { count: shown.length }) : ''}
      </p>
      {body}
    </div>
  );
}
