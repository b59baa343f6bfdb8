import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Quote } from '../../../api/contract';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { TotalsBreakdown } from './TotalsBreakdown';

/**
 * The order summary: the money as the server's quote has it (TotalsBreakdown:
 * tax added, or included in the prices), its loading state and its error.
 */
export function OrderSummary({ quote, currency }: { quote: UseQueryResult<Quote>; currency: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const money = (cents: number) => formatCents(cents, currency, lang);

  let body;
  if (quote.isError && !quote.isFetching) {
    body = <FormError error={errorText(quote.error, t('ordering.summary.error'), t('errors.network'))} />;
  } else if (!quote.data) {
    body = (
      <p className="muted" role="status">
        {t('ordering.summary.loading')}
      </p>
    );
  } else {
    const q = quote.data;
    body = (
      <dl className="offers-breakdown ord-summary__figures" aria-busy={quote.isFetching}>
        <TotalsBreakdown
          subtotal={q.subtotal}
          taxes={q.taxes}
          total={q.total}
          taxLines={q.tax_details}
          included={q.impuestos_incluidos}
          money={money}
          testIds={{ total: 'quote-total', subtotal: 'quote-subtotal' }}
        />
      </dl>
    );
  }
  return (
    <section className="ord-summary" aria-labelledby="ord-summary-title">
      <h2 id="ord-summary-title" className="ord-summary__title">
        {t('ordering.summary.title')}
      </h2>
      {body}
    </section>
  );
}
