import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../lib/money';
import { formatTimestamp } from '../../../lib/dates';
import { clienteFeesQueryOptions, feeTotals, type Fee } from '../api/fees-api';
import { ListSection } from './ListSection';

/** 'Comisiones de la plataforma': the restaurant's fees (charged / pending / failed) and their list. */
export function PlatformFeesCard({ clienteId }: { clienteId: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(clienteFeesQueryOptions(clienteId));
  const money = (cents: number, currency: string) => formatCents(cents, currency, i18n.language);

  // The totals show in the first fee's currency (USD with none), zeros included.
  function totals(fees: Fee[]) {
    const currency = fees[0]?.currency || 'USD';
    const sums = feeTotals(fees);
    return (
      <dl className="offers-totals" data-testid="fee-totals">
        <div>
          <dt>{t('fees.charged')}</dt>
          <dd>{money(sums.cobrado, currency)}</dd>
        </div>
        <div>
          <dt>{t('fees.pending')}</dt>
          <dd>{money(sums.pendiente, currency)}</dd>
        </div>
        <div>
          <dt>{t('fees.failed')}</dt>
          <dd>{money(sums.fallido, currency)}</dd>
        </div>
      </dl>
    );
  }

  return (
    <ListSection
      id="platform-fees-title"
      title="fees.title"
      hint="fees.hint"
      loading="fees.loading"
      loadError="fees.loadError"
      empty="fees.empty"
      query={query}
      summary={totals}
      headers={['fees.date', 'fees.purchase', 'fees.amount', 'fees.state', 'fees.attempts', 'fees.lastError']}
      row={(f) => (
        <tr key={f.id}>
          <td>{formatTimestamp(f.charged_at || f.created_at, i18n.language)}</td>
          <td>#{f.compra_id}</td>
          <td>{money(f.amount, f.currency)}</td>
          <td>{t(`fees.estado.${f.estado}`, f.estado)}</td>
          <td>{f.attempts}</td>
          <td>{f.last_error || '—'}</td>
        </tr>
      )}
    />
  );
}
