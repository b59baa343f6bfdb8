import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LineRequest } from '../../../api/contract';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { placeTableOrder } from '../api/ordering-api';
import { saveTabAccess, tableCheckout, tabPath, type TableContext } from '../lib/table-context';
import { clearCart } from '../lib/cart';
import { useLang } from '../lib/lang';

/**
 * 'Pedir a la mesa' (table mode of the cart): places the cart at the table
 * (no pickup time, no name or e-mail). Pay per order: on to the order's
 * hosted checkout; pay at the end: on to the tab's page.
 */
export function TableOrderButton({
  table,
  requests,
  ready,
}: {
  table: TableContext;
  requests: LineRequest[];
  /** The server's quote of the cart is in: the order can go. */
  ready: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function place() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const placed = await placeTableOrder(table.cliente_id, table.codigo, { items: requests, idioma: lang });
      saveTabAccess(table.cliente_id, placed.cuenta);
      clearCart(String(table.cliente_id));
      if (placed.checkout_url) {
        tableCheckout.go(placed.checkout_url);
        return;
      }
      void navigate(tabPath(placed.cuenta.id, placed.cuenta.token, table.cliente_id));
    } catch (err) {
      setError(errorText(err, t('table.order.error'), t('errors.network')));
      setBusy(false);
    }
  }

  return (
    <div className="ord-table-order">
      <FormError error={error} />
      <button
        type="button"
        className="button button--primary"
        disabled={!ready || busy || requests.length === 0}
        aria-busy={busy}
        onClick={() => void place()}
      >
        {busy ? t('table.order.placing') : t('table.order.place')}
      </button>
      <p className="ord-table-order__note">{table.modo === 'por_pedido' ? t('table.order.payNow') : t('table.order.payLater')}</p>
    </div>
  );
}
