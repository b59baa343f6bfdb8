import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Quote } from '../../../api/contract';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';

/**
 * The order summary: subtotal, each tax and the total as the server's quote
 * has them (never added up in the browser), its loading state and its error.
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
        <dt>{t('ordering.summary.subtotal')}</dt>
        <dd data-testid="quote-subtotal">{money(q.subtotal)}</dd>
        {q.tax_details.length > 0 ? (
          q.tax_details.map((tax) => (
            <div key={tax.id} className="ord-summary__row">
              <dt>{tax.name || t('ordering.summary.taxes')}</dt>
              <dd>{money(tax.amount)}</dd>
            </div>
          ))
        ) : (
          <div className="ord-summary__row">
            <dt>{t('ordering.summary.taxes')}</dt>
            <dd>{money(q.taxes)}</dd>
          </div>
        )}
        <dt className="offers-breakdown__total">{t('ordering.summary.total')}</dt>
        <dd className="offers-breakdown__total" data-testid="quote-total">
          {money(q.total)}
        </dd>
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
