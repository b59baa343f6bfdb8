import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import '../offers.css';

/**
 * A panel listing what a query returns as a table, with its loading, error
 * and empty states. `texts` is the locale section holding loading, loadError
 * and the empty text under `emptyKey`; `title` is the heading's key and
 * `hint` an optional explanation under it. `summary` (e.g. totals) shows
 * above the table once loaded, also when the list is empty.
 */
export function ListSection<T>({
  id,
  title,
  hint,
  texts,
  emptyKey,
  query,
  headers,
  row,
  summary,
}: {
  id: string;
  title: string;
  hint?: string;
  texts: string;
  emptyKey: string;
  query: UseQueryResult<T[]>;
  headers: string[];
  row: (item: T) => ReactNode;
  summary?: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  let body;
  if (query.isPending) body = <p role="status">{t(`${texts}.loading`)}</p>;
  else if (query.isError)
    body = <FormError error={errorText(query.error, t(`${texts}.loadError`), t('errors.network'))} />;
  else {
    const items = Array.isArray(query.data) ? query.data : [];
    body = (
      <>
        {summary?.(items)}
        {items.length === 0 ? (
          <p className="muted">{t(`${texts}.${emptyKey}`)}</p>
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
