import { type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { cardStyle, getSettings, type RestaurantSettings } from '../../../api/settings';
import { mediaUrl } from '../../../lib/media-url';
import { DinerDrawerSlot } from '../../account';
import { cartCount, useCart } from '../lib/cart';
import '../ordering.css';

function settingsQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: ['ordering', clienteId, 'settings'] as const,
    queryFn: ({ signal }) => getSettings(clienteId, signal),
    retry: false,
  });
}

/** The restaurant's look (colours, fonts, radius) for the ordering pages' cards; defaults while it loads. */
export function useRestaurantLook(clienteId: string): { settings?: RestaurantSettings; card: CSSProperties } {
  const query = useQuery(settingsQueryOptions(clienteId));
  return { settings: query.data, card: cardStyle(query.data ?? {}, '10px') };
}

/**
 * The frame of the ordering pages: the restaurant's header (logo, page
 * title, restaurant name), its background, the cart button with the item
 * count, the signed-in diner's drawer and the language switch.
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
  const { settings } = useRestaurantLook(clienteId);
  const lines = useCart(clienteId);
  const count = cartCount(lines);
  const logo = settings ? mediaUrl(settings.logo) : '';
  const background = mediaUrl(settings?.backgroundImage);
  const name = settings?.nombre_restaurante ?? '';

  return (
    <div
      className="ord-page"
      style={background ? { backgroundImage: `url("${background.replace(/"/g, '%22')}")` } : undefined}
    >
      <header className="ord-header">
        <Link className="ord-header__brand" to={`/restaurante/${encodeURIComponent(clienteId)}`}>
          {logo ? (
            <img
              className="ord-header__logo"
              src={logo}
              alt=""
              width={40}
              height={40}
              onError={(e) => {
                e.currentTarget.style.visibility = 'hidden';
              }}
            />
          ) : (
            <span className="ord-header__logo" aria-hidden="true" />
          )}
          <span className="ord-header__titles">
            <span className="ord-header__name">{name || t('ordering.restaurant')}</span>
          </span>
        </Link>
        <div className="ord-header__actions">
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
          <DinerDrawerSlot clienteId={clienteId} />
          <LanguageSwitch />
        </div>
      </header>
      <main className="ord-main">
        <h1 className="ord-title">{title}</h1>
        {children}
      </main>
    </div>
  );
}
