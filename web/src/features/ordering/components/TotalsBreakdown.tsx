import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../../api/contract';
import { formatRate } from '../../../lib/money';

type TaxLine = Schemas['TaxLine'];

/**
 * The money of a quote or an order, as the server priced it (never added up in the browser), as
 * the children of an `offers-breakdown` list. Tax added (US style): subtotal, each tax, total.
 * Prices that include the tax (a VAT restaurant): the total (the sum of the prices), then each
 * rate's share of it, "IVA incluido (10 %)"; no tax line is added on top, and a 0% rate, which
 * holds nothing, is not listed.
 */
export function TotalsBreakdown({
  subtotal,
  taxes,
  total,
  taxLines,
  included,
  money,
  testIds,
}: {
  subtotal: number;
  taxes: number;
  total: number;
  taxLines: TaxLine[];
  included: boolean;
  money: (cents: number) => string;
  testIds: { total: string; subtotal?: string };
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const totalRow = (
    <>
      <dt className="offers-breakdown__total">{t('ordering.summary.total')}</dt>
      <dd className="offers-breakdown__total" data-testid={testIds.total}>
        {money(total)}
      </dd>
    </>
  );
  if (included) {
    return (
      <>
        {totalRow}
        {taxLines
          .filter((tax) => tax.rate > 0)
          .map((tax) => (
            <div key={tax.id} className="ord-summary__row ord-summary__included" data-testid="tax-included">
              <dt>{t('ordering.summary.taxIncluded', { rate: formatRate(tax.rate, lang) })}</dt>
              <dd>{money(tax.amount)}</dd>
            </div>
          ))}
      </>
    );
  }
  return (
    <>
      <dt>{t('ordering.summary.subtotal')}</dt>
      <dd data-testid={testIds.subtotal}>{money(subtotal)}</dd>
      {taxLines.length > 0 ? (
        // Each tax as the server names it (the language the cart or order was priced in).
        taxLines.map((tax) => (
          <div key={tax.id} className="ord-summary__row">
            <dt>{tax.name || t('ordering.summary.taxes')}</dt>
            <dd>{money(tax.amount)}</dd>
          </div>
        ))
      ) : (
        <div className="ord-summary__row">
          <dt>{t('ordering.summary.taxes')}</dt>
          <dd>{money(taxes)}</dd>
        </div>
      )}
      {totalRow}
    </>
  );
}
