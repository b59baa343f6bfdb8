import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { formatTimestamp } from '../../../lib/dates';
import { failedFeesQueryOptions, feesKeys, markRefunded, outboxQueryOptions, refundsQueryOptions, resendMail, retryFee } from '../api/fees-api';
import { ListSection } from './ListSection';

/** Super admin: 'Comisiones fallidas' across restaurants, each with 'Reintentar'. */
export function FailedFeesSection() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery(failedFeesQueryOptions());
  const retry = useMutation({
    mutationFn: retryFee,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['platform'] }).then(() => qc.invalidateQueries({ queryKey: feesKeys.failed() })),
  });
  return (
    <>
      <ListSection
        id="failed-fees-title"
        title="fees.failedTitle"
        texts="fees"
        emptyKey="noFailed"
        query={query}
        headers={['fees.restaurant', 'fees.purchase', 'fees.amount', 'fees.attempts', 'fees.lastError', 'fees.date', 'fees.action']}
        row={(f) => (
          <tr key={f.id}>
            <td>{f.cliente_id ?? '—'}</td>
            <td>#{f.compra_id}</td>
            <td>{formatCents(f.amount, f.currency, i18n.language)}</td>
            <td>{f.attempts}</td>
            <td>{f.last_error || '—'}</td>
            <td>{formatTimestamp(f.created_at, i18n.language)}</td>
            <td>
              <button type="button" className="button button--small" disabled={retry.isPending} onClick={() => retry.mutate(f.id)}>
                {t('fees.retry')}
              </button>
            </td>
          </tr>
        )}
      />
      {retry.isSuccess && (
        <p className="form__ok" role="status">
          {t('fees.retryQueued')}
        </p>
      )}
      <FormError error={retry.isError ? errorText(retry.error, t('fees.retryError'), t('errors.network')) : null} />
    </>
  );
}

/** Super admin: 'Correos (bandeja de salida)' (in demo mode e-mails stay here), with 'Reenviar'. */
export function OutboxSection() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery(outboxQueryOptions());
  const resend = useMutation({
    mutationFn: resendMail,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['platform'] }).then(() => qc.invalidateQueries({ queryKey: feesKeys.outbox() })),
  });
  return (
    <>
      <ListSection
        id="outbox-title"
        title="outbox.title"
        texts="outbox"
        emptyKey="empty"
        query={query}
        headers={['outbox.date', 'outbox.to', 'outbox.subject', 'outbox.kind', 'outbox.status', 'outbox.attempts', 'outbox.lastError', 'outbox.action']}
        row={(m) => (
          <tr key={m.id}>
            <td>{formatTimestamp(m.created_at, i18n.language)}</td>
            <td>{m.to}</td>
            <td>{m.subject}</td>
            <td>{t(`outbox.kinds.${m.kind}`, { defaultValue: m.kind })}</td>
            <td>{t(`outbox.statuses.${m.status}`, { defaultValue: m.status })}</td>
            <td>{m.attempts}</td>
            <td>{m.last_error || '—'}</td>
            <td>
              {m.status !== 'pending' && (
                <button type="button" className="button button--small" disabled={resend.isPending} onClick={() => resend.mutate(m.id)}>
                  {t('outbox.resend')}
                </button>
              )}
            </td>
          </tr>
        )}
      />
      {resend.isSuccess && (
        <p className="form__ok" role="status">
          {t('outbox.resendQueued')}
        </p>
      )}
      <FormError error={resend.isError ? errorText(resend.error, t('outbox.resendError'), t('errors.network')) : null} />
    </>
  );
}

/** Super admin: 'Pagos por reembolsar' (payments taken after an offer sold out). */
export function RefundsSection() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery(refundsQueryOptions());
  const mark = useMutation({
    mutationFn: markRefunded,
    onSuccess: () => qc.invalidateQueries({ queryKey: feesKeys.refunds() }),
  });
  return (
    <>
      <ListSection
        id="refunds-title"
        title="refunds.title"
        hint="refunds.hint"
        texts="refunds"
        emptyKey="empty"
        query={query}
        headers={['refunds.date', 'refunds.restaurant', 'refunds.diner', 'refunds.purchase', 'refunds.amount', 'refunds.payment', 'refunds.state', 'refunds.action']}
        row={(r) => (
          <tr key={r.compra_id}>
            <td>{formatTimestamp(r.paid_at, i18n.language)}</td>
            <td>{r.restaurante}</td>
            <td>{r.email || '—'}</td>
            <td>
              #{r.compra_id} {r.descripcion}
            </td>
            <td>{formatCents(r.total, 'USD', i18n.language)}</td>
            <td>
              <code>{r.payment_id || '—'}</code>
            </td>
            <td>{t(`refunds.estado.${r.reembolso === 'reembolsado' ? 'reembolsado' : 'pendiente'}`)}</td>
            <td>
              {r.reembolso === 'pendiente' && (
                <button type="button" className="button button--small" disabled={mark.isPending} onClick={() => mark.mutate(r.compra_id)}>
                  {t('refunds.mark')}
                </button>
              )}
            </td>
          </tr>
        )}
      />
      <FormError error={mark.isError ? errorText(mark.error, t('refunds.markError'), t('errors.network')) : null} />
    </>
  );
}
