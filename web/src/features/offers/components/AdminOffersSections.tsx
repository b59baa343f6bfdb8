import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { feesKeys, listFailedFees, listOutbox } from '../api/fees-api';
import { formatTimestamp } from '../lib/dates';
import '../offers.css';

/** Super admin: 'Comisiones fallidas' across restaurants. */
export function FailedFeesSection() {
  const { t, i18n } = useTranslation();
  const query = useQuery({ queryKey: feesKeys.failed(), queryFn: ({ signal }) => listFailedFees(signal), staleTime: 0 });
  let body;
  if (query.isPending) body = <p role="status">{t('fees.loading')}</p>;
  else if (query.isError)
    body = (
      <p className="form__error" role="alert">
        {errorText(query.error, t('fees.loadError'), t('errors.network'))}
      </p>
    );
  else if (!Array.isArray(query.data) || query.data.length === 0) body = <p className="muted">{t('fees.noFailed')}</p>;
  else
    body = (
      <div className="offers-table-wrap">
        <table className="offers-table">
          <thead>
            <tr>
              <th scope="col">{t('fees.restaurant')}</th>
              <th scope="col">{t('fees.purchase')}</th>
              <th scope="col">{t('fees.amount')}</th>
              <th scope="col">{t('fees.attempts')}</th>
              <th scope="col">{t('fees.lastError')}</th>
              <th scope="col">{t('fees.date')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((f) => (
              <tr key={f.id}>
                <td>{f.cliente_id ?? '—'}</td>
                <td>#{f.compra_id}</td>
                <td>{formatCents(f.amount, f.currency, i18n.language)}</td>
                <td>{f.attempts}</td>
                <td>{f.last_error || '—'}</td>
                <td>{formatTimestamp(f.created_at, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <section className="offers-panel" aria-labelledby="failed-fees-title">
      <h2 id="failed-fees-title" className="section-title">
        {t('fees.failedTitle')}
      </h2>
      {body}
    </section>
  );
}

/** Super admin: 'Correos (bandeja de salida)' (in demo mode e-mails stay here). */
export function OutboxSection() {
  const { t, i18n } = useTranslation();
  const query = useQuery({ queryKey: feesKeys.outbox(), queryFn: ({ signal }) => listOutbox(signal), staleTime: 0 });
  let body;
  if (query.isPending) body = <p role="status">{t('outbox.loading')}</p>;
  else if (query.isError)
    body = (
      <p className="form__error" role="alert">
        {errorText(query.error, t('outbox.loadError'), t('errors.network'))}
      </p>
    );
  else if (!Array.isArray(query.data) || query.data.length === 0) body = <p className="muted">{t('outbox.empty')}</p>;
  else
    body = (
      <div className="offers-table-wrap">
        <table className="offers-table">
          <thead>
            <tr>
              <th scope="col">{t('outbox.date')}</th>
              <th scope="col">{t('outbox.to')}</th>
              <th scope="col">{t('outbox.subject')}</th>
              <th scope="col">{t('outbox.kind')}</th>
              <th scope="col">{t('outbox.status')}</th>
              <th scope="col">{t('outbox.attempts')}</th>
              <th scope="col">{t('outbox.lastError')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((m) => (
              <tr key={m.id}>
                <td>{formatTimestamp(m.created_at, i18n.language)}</td>
                <td>{m.to}</td>
                <td>{m.subject}</td>
                <td>{m.kind}</td>
                <td>{m.status}</td>
                <td>{m.attempts}</td>
                <td>{m.last_error || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <section className="offers-panel" aria-labelledby="outbox-title">
      <h2 id="outbox-title" className="section-title">
        {t('outbox.title')}
      </h2>
      {body}
    </section>
  );
}
