import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TabReceipt } from '../../../api/contract';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { getTabReceipt } from '../api/ordering-api';
import { clearTab, readTabToken, saveTabToken, tabPath, tableName } from '../lib/table-context';

/**
 * Where a paid tab payment returns (/cuenta/:id/pago/:pago_id?p=&t=&menu=):
 * what was paid (amount, tip, total) and what remains of the tab; a tab
 * paid in full thanks the diner (and is forgotten: the next order at the
 * table opens a new one). Works after the tab closed (?p= is the key).
 */
export default function ReceiptPage() {
  const { t, i18n } = useTranslation();
  const { id = '', pago_id: pagoId = '' } = useParams();
  const [params] = useSearchParams();
  const pagoToken = params.get('p') ?? '';
  const tabToken = params.get('t') || readTabToken(id);
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'ok'; receipt: TabReceipt } | { kind: 'error'; error: unknown }>({
    kind: 'loading',
  });

  useEffect(() => {
    const controller = new AbortController();
    getTabReceipt(id, pagoId, pagoToken, controller.signal).then(
      (receipt) => {
        if (receipt.cuenta_estado === 'pagada' || receipt.cuenta_estado === 'cerrada') clearTab(id);
        else if (tabToken) saveTabToken(id, tabToken);
        setState({ kind: 'ok', receipt });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'error', error });
      },
    );
    return () => controller.abort();
    // The receipt of the URL's payment; the token only decides what is kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, pagoId, pagoToken]);

  let body;
  if (state.kind === 'loading') body = <p role="status">{t('table.loading')}</p>;
  else if (state.kind === 'error') body = <FormError error={errorText(state.error, t('table.receipt.loadError'), t('errors.network'))} />;
  else {
    const r = state.receipt;
    const money = (cents: number) => formatCents(cents, r.moneda, i18n.resolvedLanguage ?? i18n.language);
    const done = r.cuenta_estado === 'pagada' || r.restante <= 0;
    body = (
      <>
        <p className="table-restaurant">
          {r.restaurante} · {tableName(r.mesa, t)}
        </p>
        <dl className="table-totals" data-testid="receipt">
          <dt>{t('table.receipt.amount')}</dt>
          <dd>{money(r.pago.importe)}</dd>
          <dt>{t('table.receipt.tip')}</dt>
          <dd>{money(r.pago.propina)}</dd>
          <dt className="table-totals__total">{t('table.receipt.total')}</dt>
          <dd className="table-totals__total">{money(r.pago.total)}</dd>
        </dl>
        <div role="status">
          {done ? (
            <p className="form__ok">{t('table.receipt.tabPaid')}</p>
          ) : (
            <p>{t('table.receipt.remaining', { amount: money(r.restante) })}</p>
          )}
        </div>
        {!done && (
          <Link className="button button--primary table-button" to={tabPath(id, tabToken, params.get('menu'))}>
            {t('table.receipt.backToTab')}
          </Link>
        )}
      </>
    );
  }

  return (
    <section className="table-page">
      <div className="table-panel">
        <h1 className="table-title">{t('table.receipt.title')}</h1>
        {body}
      </div>
    </section>
  );
}
