import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DietaryIconsRow } from './DietaryIconsRow';
import { formatCents } from '../../../lib/money';
import { mediaUrl } from '../../../lib/media-url';
import type { Producto } from '../api/catalog-admin-api';
import { ProductCard } from './ProductCard';

type Props = {
  clienteId: string;
  producto: Producto;
  currency: string;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  open: boolean;
  onOpen: (open: boolean) => void;
  onUpdated: (id: Producto['id'], patch: Partial<Producto>) => void;
};

/**
 * One product as a compact row (selection box, thumbnail, name, price,
 * state, allergen icons) that opens its editor in place.
 */
export function ProductRow({ clienteId, producto, currency, selected, onSelect, open, onOpen, onUpdated }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const src = mediaUrl(producto.image_path);
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'es';
  return (
    <li>
      <article
        className={`prod-row${producto.visible ? '' : ' prod-row--hidden'}${open ? ' prod-row--open' : ''}`}
        aria-labelledby={`${id}-name`}
        data-testid="product-row"
      >
        <div className="prod-row__summary">
          <input
            type="checkbox"
            className="prod-row__check"
            checked={selected}
            onChange={(e) => onSelect(e.currentTarget.checked)}
            aria-label={t('productsAdmin.select', { name: producto.name })}
          />
          {src ? (
            <img className="prod-row__thumb" src={src} alt={producto.name} width={44} height={44} loading="lazy" decoding="async" />
          ) : (
            <span className="prod-row__thumb prod-row__thumb--empty" aria-hidden="true" />
          )}
          <div className="prod-row__main">
            <h3 id={`${id}-name`} className="prod-row__name">
              {producto.name}
            </h3>
            <div className="prod-row__meta">
              <span className="admin-price">{formatCents(producto.price, currency, lang)}</span>
              <span
                className={`admin-badge ${producto.visible ? 'admin-badge--visible' : 'admin-badge--hidden'}`}
                data-testid="visibility-badge"
              >
                {producto.visible ? t('productsAdmin.visible') : t('productsAdmin.hidden')}
              </span>
              {producto.agotado_hoy && (
                <span className="admin-badge admin-badge--hidden" data-testid="sold-out-badge">
                  {t('soldOut.badge')}
                </span>
              )}
            </div>
            <DietaryIconsRow product={producto} className="prod-row__diet" />
          </div>
          <button
            type="button"
            className="button button--small prod-row__edit"
            aria-expanded={open}
            aria-controls={`${id}-editor`}
            aria-label={open ? undefined : t('productsAdmin.editLabel', { name: producto.name })}
            onClick={() => onOpen(!open)}
          >
            {open ? t('productsAdmin.closeEditor') : t('productsAdmin.edit')}
          </button>
        </div>
        <div id={`${id}-editor`} hidden={!open}>
          {open && <ProductCard clienteId={clienteId} producto={producto} currency={currency} onUpdated={onUpdated} />}
        </div>
      </article>
    </li>
  );
}
