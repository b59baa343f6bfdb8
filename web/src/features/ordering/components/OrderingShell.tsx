import { type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardStyle, type RestaurantSettings } from '../../../api/settings';
import { useDinerSettings } from '../../../components/DinerShell';
import { cartCount, useCart } from '../lib/cart';
import { readTableContext, tableName, tabPath } from '../lib/table-context';
import '../ordering.css';

/**
 * The restaurant's look (colours, fonts, radius) for the ordering pages'
 * cards; defaults while it loads. The same read as the diner shell's (its
 * fetch cache): one request for both.
 */
export function useRestaurantLook(clienteId: string): { settings?: RestaurantSettings; card: CSSProperties } {
  const query = useDinerSettings(clienteId);
  return { settings: query.data, card: cardStyle(query.data ?? {}, '10px') };
}

/**
 * The frame of the ordering pages inside the diner shell (which draws the
 * restaurant's header, navigation and background): the page title and the
 * cart button with the item count; in table mode, the table's badge ('Mesa 7').
 */
export function OrderingShell({
  clienteId,
  title,
  showCart = true,
  children,
}: {
  clienteId: string;
  title: string;
  showCart?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const lines = useCart(clienteId);
  const count = cartCount(lines);
  // Table mode (a table's QR opened the page): the table's name in the header.
  const table = readTableContext(clienteId);

  return (
    <div className="ord-page">
      <div className="ord-main">
        <div className="ord-head">
          <h1 className="ord-title">{title}</h1>
          {table && (
            <span className="ord-table-badge" data-testid="table-badge">
              {tableName(table.mesa, t)}
            </span>
          )}
          {table?.cuenta && (
            <Link className="ord-link ord-table-tab" to={tabPath(table.cuenta.id, table.cuenta.token, clienteId)}>
              {t('table.viewTab')}
            </Link>
          )}
          {showCart && (
            <Link
              className="ord-cart-button"
              to={`/carrito/${encodeURIComponent(clienteId)}`}
              aria-label={t('ordering.cartButton', { count })}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2M9 20a1 1 0 1 0 0-.01M17 20a1 1 0 1 0 0-.01"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span className="ord-cart-button__label">{t('ordering.cart')}</span>
              <span className="ord-cart-button__count" aria-hidden="true">
                {count}
              </span>
            </Link>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}
