import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../lib/money';
import { feesKeys, listFailedFees, listOutbox } from '../api/fees-api';
import { formatTimestamp } from '../lib/dates';
import { ListSection } from './ListSection';

/** Super admin: 'Comisiones fallidas' across restaurants. */
export function FailedFeesSection() {
  const { i18n } = useTranslation();
  const query = useQuery({ queryKey: feesKeys.failed(), queryFn: ({ signal }) => listFailedFees(signal), staleTime: 0 });
  return (
    <ListSection
      id="failed-fees-title"
      title="fees.failedTitle"
      texts="fees"
      emptyKey="noFailed"
      query={query}
      headers={['fees.restaurant', 'fees.purchase', 'fees.amount', 'fees.attempts', 'fees.lastError', 'fees.date']}
      row={(f) => (
        <tr key={f.id}>
          <td>{f.cliente_id ?? '—'}</td>
          <td>#{f.compra_id}</td>
          <td>{formatCents(f.amount, f.currency, i18n.language)}</td>
          <td>{f.attempts}</td>
          <td>{f.last_error || '—'}</td>
          <td>{formatTimestamp(f.created_at, i18n.language)}</td>
        </tr>
      )}
    />
  );
}

/** Super admin: 'Correos (bandeja de salida)' (in demo mode e-mails stay here). */
export function OutboxSection() {
  const { i18n } = useTranslation();
  const query = useQuery({ queryKey: feesKeys.outbox(), queryFn: ({ signal }) => listOutbox(signal), staleTime: 0 });
  return (
    <ListSection
      id="outbox-title"
      title="outbox.title"
      texts="outbox"
      emptyKey="empty"
      query={query}
      headers={['outbox.date', 'outbox.to', 'outbox.subject', 'outbox.kind', 'outbox.status', 'outbox.attempts', 'outbox.lastError']}
      row={(m) => (
        <tr key={m.id}>
          <td>{formatTimestamp(m.created_at, i18n.language)}</td>
          <td>{m.to}</td>
          <td>{m.subject}</td>
          <td>{m.kind}</td>
          <td>{m.status}</td>
          <td>{m.attempts}</td>
          <td>{m.last_error || '—'}</td>
        </tr>
      )}
    />
  );
}
