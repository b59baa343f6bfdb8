import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import '../offers.css';

/**
 * A panel listing what a query returns as a table, with its loading, error
 * and empty states. Every text is given by its i18n key (typed, so a missing
 * text fails tsc): `loading`, `loadError`, `empty` (no rows); `title` is the
 * heading's key and `hint` an optional explanation under it. `summary` (e.g. totals) shows
 * above the table once loaded, also when the list is empty.
 */
export function ListSection<T>({
  id,
  title,
  hint,
  loading,
  loadError,
  empty,
  query,
  headers,
  row,
  summary,
}: {
  id: string;
  title: ParseKeys;
  hint?: ParseKeys;
  loading: ParseKeys;
  loadError: ParseKeys;
  empty: ParseKeys;
  query: UseQueryResult<T[]>;
  headers: ParseKeys[];
  row: (item: T) => ReactNode;
  summary?: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  let body;
  if (query.isPending) body = <p role="status">{t(loading)}</p>;
  else if (query.isError)
    body = <FormError error={errorText(query.error, t(loadError), t('errors.network'))} />;
  else {
    const items = Array.isArray(query.data) ? query.data : [];
    body = (
      <>
        {summary?.(items)}
        {items.length === 0 ? (
          <p className="muted">{t(empty)}</p>
        ) : (
          // The table scrolls sideways on a phone: keyboard users reach it too (a group, not a
          // second landmark with the section's name).
          <div className="offers-table-wrap" tabIndex={0} role="group" aria-labelledby={id}>
            <table className="offers-table">
              <thead>
                <tr>
                  {headers.map((h) => (
                    <th key={h} scope="col">
                      {t(h)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{items.map(row)}</tbody>
            </table>
          </div>
        )}
      </>
    );
  }
  return (
    <section className="offers-panel" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {t(title)}
      </h2>
      {hint && <p className="muted">{t(hint)}</p>}
      {body}
    </section>
  );
}
