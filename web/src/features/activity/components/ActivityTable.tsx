import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../../lib/dates';
import type { Actividad } from '../api/activity-api';
import { ACTION_LABELS } from '../lib/actions';

/**
 * The audit log's actions: a table on a desktop, one card per action on a
 * phone (activity.css turns the rows into cards, each cell labelled by its
 * data-label). The moment is written in the restaurant's locale and time
 * zone; the platform's list names each action's restaurant.
 */
export function ActivityTable({ items, platform }: { items: Actividad[]; platform: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <table className="activity-table">
      <caption className="visually-hidden">{t('activity.tableCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('activity.colWhen')}</th>
          {platform && <th scope="col">{t('activity.colRestaurant')}</th>}
          <th scope="col">{t('activity.colWho')}</th>
          <th scope="col">{t('activity.colAction')}</th>
          <th scope="col">{t('activity.colObject')}</th>
          <th scope="col">{t('activity.colDetail')}</th>
          <th scope="col">{t('activity.colAddress')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((a) => {
          const label = ACTION_LABELS[a.accion];
          return (
            <tr key={a.id} data-testid="activity-row" data-accion={a.accion}>
              <th scope="row" className="activity-when">
                <time dateTime={new Date(a.created_at * 1000).toISOString()}>
                  {formatTimestamp(a.created_at, lang, a.zona_horaria || undefined)}
                </time>
              </th>
              {platform && (
                <td data-label={t('activity.colRestaurant')}>
                  {a.restaurante || `#${a.cliente_id}`}
                </td>
              )}
              <td data-label={t('activity.colWho')} className="activity-wrap activity-who">
                {a.actor || <span className="muted">{t('activity.platformActor')}</span>}
              </td>
              <td data-label={t('activity.colAction')}>
                <span className="activity-action">{label ? t(label) : a.accion}</span>
              </td>
              <td data-label={t('activity.colObject')} className="activity-wrap">
                {a.objeto || '—'}
              </td>
              <td data-label={t('activity.colDetail')} className="activity-wrap activity-detail">
                {a.detalle || '—'}
              </td>
              <td data-label={t('activity.colAddress')} className="activity-ip">
                {a.ip || '—'}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
