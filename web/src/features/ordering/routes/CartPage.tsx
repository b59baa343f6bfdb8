import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { CartLines } from '../components/CartLines';
import { OrderingShell } from '../components/OrderingShell';
import { OrderSummary } from '../components/OrderSummary';
import { TableOrderButton } from '../components/TableOrderButton';
import { readTableContext } from '../lib/table-context';
import { useOrderingClienteId } from '../lib/cliente-id';
import { useCheckedCart } from '../lib/use-checked-cart';

/**
 * 'Carrito de Compras' (/carrito/:cliente_id): the lines with their chosen
 * modifiers, quantity steppers and removal; lines the menu no longer has
 * are flagged and left out; the summary is the server's quote; 'Seguir
 * Comprando' and 'Ir a Pagar' (at a table: 'Pedir a la mesa').
 */
export default function CartPage() {
  const clienteId = useOrderingClienteId();
  const { t } = useTranslation();
  if (!clienteId) return <Navigate to="/seleccionar-cliente" replace />;
  return (
    <OrderingShell clienteId={clienteId} title={t('ordering.cartTitle')} showCart={false}>
      <Cart clienteId={clienteId} />
    </OrderingShell>
  );
}

function Cart({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const cart = useCheckedCart(clienteId);
  const table = readTableContext(clienteId);
  const shop = `/ordenar-en-linea/${encodeURIComponent(clienteId)}`;
  const keepShopping = (
    <Link className="button" to={shop}>
      {t('ordering.keepShopping')}
    </Link>
  );

  if (cart.lines.length === 0)
    return (
      <div className="ord-panel ord-empty">
        <p className="ord-empty__text" role="status">
          {t('ordering.emptyCart')}
        </p>
        {keepShopping}
      </div>
    );
  if (cart.menu.isPending) return <p className="ord-status" role="status">{t('ordering.loading')}</p>;
  if (cart.menu.isError)
    return (
      <div className="ord-status">
        <FormError error={errorText(cart.menu.error, t('ordering.menuError'), t('errors.network'))} />
        <button type="button" className="button" onClick={() => void cart.menu.refetch()}>
          {t('errors.retry')}
        </button>
      </div>
    );

  const none = cart.valid.length === 0;
  const quoteReady = !!cart.quote.data && !cart.quote.isError && !cart.quote.isPlaceholderData;
  return (
    <div className="ord-cart">
      <section className="ord-panel" aria-label={t('ordering.cartLines')}>
        <CartLines
          clienteId={clienteId}
          checked={cart.checked}
          quote={quoteReady ? cart.quote.data : undefined}
          currency={cart.currency}
        />
      </section>
      <aside className="ord-panel ord-cart__side">
        {none ? <FormError error={t('ordering.noValidLines')} /> : <OrderSummary quote={cart.quote} currency={cart.currency} />}
        <div className="ord-actions">
          {keepShopping}
          {table ? (
            <TableOrderButton table={table} requests={cart.requests} ready={!none && quoteReady} />
          ) : none || !quoteReady ? (
            <button type="button" className="button button--primary" disabled>
              {t('ordering.goToPay')}
            </button>
          ) : (
            <Link className="button button--primary" to={`/checkout/${encodeURIComponent(clienteId)}`}>
              {t('ordering.goToPay')}
            </Link>
          )}
        </div>
      </aside>
    </div>
  );
}
