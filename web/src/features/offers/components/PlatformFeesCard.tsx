import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { feeTotals, feesKeys, listClienteFees } from '../api/fees-api';
import { formatTimestamp } from '../lib/dates';
import '../offers.css';

/** 'Comisiones de la plataforma': the restaurant's fees (charged / pending / failed) and their list. */
export function PlatformFeesCard({ clienteId }: { clienteId: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({ queryKey: feesKeys.cliente(clienteId), queryFn: ({ signal }) => listClienteFees(clienteId, signal) });

  let body;
  if (query.isPending) body = <p role="status">{t('fees.loading')}</p>;
  else if (query.isError)
    body = (
      <p className="form__error" role="alert">
        {errorText(query.error, t('fees.loadError'), t('errors.network'))}
      </p>
    );
  else {
    const fees = Array.isArray(query.data) ? query.data : [];
    const currency = fees[0]?.currency || 'USD';
    const money = (cents: number, cur = currency) => formatCents(cents, cur, i18n.language);
    const totals = feeTotals(fees);
    body = (
      <>
        <dl className="offers-totals" data-testid="fee-totals">
          <div>
            <dt>{t('fees.charged')}</dt>
            <dd>{money(totals.cobrado)}</dd>
          </div>
          <div>
            <dt>{t('fees.pending')}</dt>
            <dd>{money(totals.pendiente)}</dd>
          </div>
          <div>
            <dt>{t('fees.failed')}</dt>
            <dd>{money(totals.fallido)}</dd>
          </div>
        </dl>
        {fees.length === 0 ? (
          <p className="muted">{t('fees.empty')}</p>
        ) : (
          <div className="offers-table-wrap">
            <table className="offers-table">
              <thead>
                <tr>
                  <th scope="col">{t('fees.date')}</th>
                  <th scope="col">{t('fees.purchase')}</th>
                  <th scope="col">{t('fees.amount')}</th>
                  <th scope="col">{t('fees.state')}</th>
                  <th scope="col">{t('fees.attempts')}</th>
                  <th scope="col">{t('fees.lastError')}</th>
                </tr>
              </thead>
              <tbody>
                {fees.map((f) => (
                  <tr key={f.id}>
                    <td>{formatTimestamp(f.charged_at || f.created_at, i18n.language)}</td>
                    <td>#{f.compra_id}</td>
                    <td>{money(f.amount, f.currency)}</td>
                    <td>{t(`fees.estado.${f.estado}`, f.estado)}</td>
                    <td>{f.attempts}</td>
                    <td>{f.last_error || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </>
    );
  }

  return (
    <section className="offers-panel" aria-labelledby="platform-fees-title">
      <h2 id="platform-fees-title" className="section-title">
        {t('fees.title')}
      </h2>
      <p className="muted">{t('fees.hint')}</p>
      {body}
    </section>
  );
}
