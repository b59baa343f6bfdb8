import { useId, useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { errorText, isApiError } from '../../../lib/api-client';
import { restaurantZone } from '../../../lib/intl';
import { activityQueryOptions, type ActivityFilter } from '../api/activity-api';
import { ACTION_GROUPS } from '../lib/actions';
import { dayStart, nextDay } from '../lib/zoned-day';
import { ActivityTable } from './ActivityTable';
import '../activity.css';

const NO_FILTER: ActivityFilter = { accion: '', actor: '', desde: null, hasta: null };

/**
 * The audit log of a restaurant (clienteId) or, null, of the platform:
 * filters (the kind of action, who, a range of days in the restaurant's
 * time zone), the actions newest first, 'Cargar más'. Read-only: nothing
 * here edits the log, and nothing can.
 */
export function ActivityLog({ clienteId }: { clienteId: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState({ accion: '', actor: '', desde: '', hasta: '' });
  const [filter, setFilter] = useState<ActivityFilter>(NO_FILTER);
  const query = useInfiniteQuery(activityQueryOptions(clienteId, filter));

  const apply = (e: FormEvent) => {
    e.preventDefault();
    // A restaurant's days are its own (its zone); the platform's, the device's.
    const zone = clienteId === null ? undefined : restaurantZone();
    setFilter({
      accion: form.accion,
      actor: form.actor.trim(),
      desde: form.desde ? dayStart(form.desde, zone) : null,
      hasta: form.hasta ? dayStart(nextDay(form.hasta), zone) : null,
    });
  };
  const clear = () => {
    setForm({ accion: '', actor: '', desde: '', hasta: '' });
    setFilter(NO_FILTER);
  };
  const filtered = filter !== NO_FILTER;

  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.actividad);
  const forbidden = isApiError(query.error) && query.error.status === 403;

  let body;
  if (query.isPending) body = <p role="status">{t('activity.loading')}</p>;
  else if (pages.length === 0) body = null; // the first page failed: only the error below
  else if (items.length === 0) body = <p className="activity-empty muted">{filtered ? t('activity.noMatches') : t('activity.empty')}</p>;
  else body = <ActivityTable items={items} platform={clienteId === null} />;

  return (
    <>
      <p className="muted">{clienteId === null ? t('activity.platformIntro') : t('activity.intro')}</p>
      <form className="activity-filters" role="search" aria-label={t('activity.filters')} onSubmit={apply}>
        <div className="field">
          <label htmlFor={`${id}-accion`}>{t('activity.filterAction')}</label>
          <select id={`${id}-accion`} value={form.accion} onChange={(e) => setForm({ ...form, accion: e.target.value })}>
            <option value="">{t('activity.allActions')}</option>
            {ACTION_GROUPS.map((g) => (
              <option key={g.prefix} value={g.prefix}>
                {t(g.label)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-actor`}>{t('activity.filterActor')}</label>
          <input
            id={`${id}-actor`}
            type="search"
            maxLength={254}
            value={form.actor}
            placeholder={t('activity.filterActorPlaceholder')}
            onChange={(e) => setForm({ ...form, actor: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-desde`}>{t('activity.filterFrom')}</label>
          <input id={`${id}-desde`} type="date" value={form.desde} max={form.hasta || undefined} onChange={(e) => setForm({ ...form, desde: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-hasta`}>{t('activity.filterTo')}</label>
          <input id={`${id}-hasta`} type="date" value={form.hasta} min={form.desde || undefined} onChange={(e) => setForm({ ...form, hasta: e.target.value })} />
        </div>
        <div className="activity-filters__actions">
          <button type="submit" className="button button--primary">
            {t('activity.apply')}
          </button>
          <button type="button" className="button" onClick={clear}>
            {t('activity.clear')}
          </button>
        </div>
      </form>
      {body}
      {query.isError && (
        <div className="activity-error">
          <FormError error={forbidden ? t('activity.forbidden') : errorText(query.error, t('activity.loadError'), t('errors.network'))} />
          {!forbidden && (
            <button type="button" className="button" onClick={() => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch())}>
              {t('errors.retry')}
            </button>
          )}
        </div>
      )}
      {query.hasNextPage && !query.isError && (
        <div className="activity-more">
          <button
            type="button"
            className="button"
            disabled={query.isFetchingNextPage}
            aria-busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? t('activity.loadingMore') : t('activity.loadMore')}
          </button>
        </div>
      )}
    </>
  );
}
