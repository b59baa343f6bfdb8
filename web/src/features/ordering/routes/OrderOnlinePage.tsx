import { useEffect, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OnlineProduct } from '../../../api/contract';
import { DietaryInfo } from '../../../components/DietaryIcons';
import { DietFilterBar } from '../../../components/DietFilterBar';
import { DinerBottomBar } from '../../../components/DinerBottomBar';
import { TaxNote } from '../../../components/TaxNote';
import { FormError } from '../../../components/Form';
import { matchesDiet, parseDietFilters, withDietFilters } from '../../../lib/dietary';
import { errorText } from '../../../lib/api-client';
import { useFetch } from '../../../lib/fetch-cache';
import { mediaUrl } from '../../../lib/media-url';
import { formatCents } from '../../../lib/money';
import { usePromotion } from '../../menu';
import { orderingFetchKeys } from '../api/availability';
import { getOnlineMenu } from '../api/ordering-api';
import { AvailabilityNotice, canOrder } from '../components/AvailabilityNotice';
import { CustomizeDialog } from '../components/CustomizeDialog';
import { OrderingShell, useRestaurantLook } from '../components/OrderingShell';
import { isRequired } from '../lib/modifiers';
import { addToCart, cartCount, cartSubtotal, useCart, type CartLine } from '../lib/cart';
import { useOrderingClienteId } from '../lib/cliente-id';
import { useAvailability } from '../lib/use-availability';
import { useLang } from '../lib/lang';

/**
 * How many product pictures a phone's first screen shows: they load at once
 * and first (the largest paint), the others lazily. The server preloads as
 * many with the page's HTML (orderingFirstPictures in internal/web/spa.go).
 */
const EAGER_PICTURES = 1;

/**
 * 'Ordena en Línea' (/ordenar-en-linea/:cliente_id): the category tab strip,
 * the orderable products of the chosen category, the 'Personalizar' dialog
 * for products with modifiers, and the cart button. Without a restaurant id
 * it sends the diner to /seleccionar-cliente.
 */
export default function OrderOnlinePage() {
  const clienteId = useOrderingClienteId();
  const { t } = useTranslation();
  if (!clienteId) return <Navigate to="/seleccionar-cliente" replace />;
  return (
    <OrderingShell clienteId={clienteId} title={t('ordering.title')}>
      <OrderOnline clienteId={clienteId} />
    </OrderingShell>
  );
}

function OrderOnline({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  // Through the diner shell's fetch cache (the shell's navigation reads the
  // same availability): no TanStack Query on a diner's first page.
  const menu = useFetch(orderingFetchKeys.menu(clienteId, lang), () => getOnlineMenu(clienteId, lang));
  const availability = useAvailability(clienteId);
  const { card, settings } = useRestaurantLook(clienteId);
  const lines = useCart(clienteId);
  const [selected, setSelected] = useState<string | null>(null);
  const [customizing, setCustomizing] = useState<OnlineProduct | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  // The restaurant's promotion: never opens by itself here, 'Ver Promoción' in the bar opens it.
  const promotion = usePromotion(clienteId, false);
  // The diet filter lives in the URL (?dieta=), as on the menu.
  const [params, setParams] = useSearchParams();
  const filters = parseDietFilters(params);
  // The 'added' notice goes away after a few seconds.
  useEffect(() => {
    if (!added) return;
    const timer = window.setTimeout(() => setAdded(null), 4000);
    return () => window.clearTimeout(timer);
  }, [added]);

  if (menu.isPending) return <p className="ord-status" role="status">{t('ordering.loading')}</p>;
  if (menu.isError)
    return (
      <div className="ord-status">
        <FormError error={errorText(menu.error, t('ordering.menuError'), t('errors.network'))} />
        <button type="button" className="button" onClick={() => void menu.refetch()}>
          {t('errors.retry')}
        </button>
      </div>
    );

  const categories = menu.data.categorias;
  const currency = menu.data.moneda;
  const orderable = availability.isSuccess ? canOrder(availability.data) : true;
  const current = categories.find((c) => c.id === selected) ?? categories[0];
  const count = cartCount(lines);
  const shown = current ? current.productos.filter((p) => matchesDiet(p, filters)) : [];

  function add(line: CartLine) {
    addToCart(clienteId, line);
    setCustomizing(null);
    setAdded(t('ordering.added', { name: line.name, count: line.quantity }));
  }

  return (
    <>
      <AvailabilityNotice availability={availability.data} />
      {categories.length === 0 ? (
        <p className="ord-status">{t('ordering.empty')}</p>
      ) : (
        <>
          <CategoryTabs
            categories={categories.map((c) => ({ id: c.id, name: c.name }))}
            current={current.id}
            onSelect={setSelected}
          />
          <DietFilterBar value={filters} onChange={(next) => setParams(withDietFilters(params, next), { replace: true })} />
          <TaxNote included={settings?.impuestos_incluidos} />
          <div id={`ord-panel-${current.id}`} role="tabpanel" aria-labelledby={`ord-tab-${current.id}`} tabIndex={-1}>
            {shown.length === 0 && <p className="ord-status">{t('diet.noMatches')}</p>}
            <ul className="ord-grid">
              {shown.map((p, i) => (
                <li key={p.id}>
                  <ProductCard
                    product={p}
                    eager={i < EAGER_PICTURES}
                    currency={currency}
                    style={card}
                    disabled={!orderable}
                    onCustomize={() => setCustomizing(p)}
                    onAdd={() =>
                      add({ product_id: p.id, name: p.name, unit_price: p.price, quantity: 1, modifiers: [] })
                    }
                  />
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
      {promotion.dialog}
      <DinerBottomBar status={added}>
        {count > 0 && (
          <Link
            className="diner-bar__button diner-bar__button--primary"
            to={`/carrito/${encodeURIComponent(clienteId)}`}
            data-testid="bar-cart"
          >
            {t('ordering.viewCartTotal', { count, total: formatCents(cartSubtotal(lines), currency, lang) })}
          </Link>
        )}
        {promotion.button}
      </DinerBottomBar>
      {customizing && (
        <CustomizeDialog product={customizing} currency={currency} onAdd={add} onClose={() => setCustomizing(null)} />
      )}
    </>
  );
}

/** The category tab strip (arrow keys move between tabs, as in any tab list). */
function CategoryTabs({
  categories,
  current,
  onSelect,
}: {
  categories: { id: string; name: string }[];
  current: string;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = categories.findIndex((c) => c.id === current);
    let next = -1;
    if (e.key === 'ArrowRight') next = (i + 1) % categories.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + categories.length) % categories.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = categories.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onSelect(categories[next].id);
    document.getElementById(`ord-tab-${categories[next].id}`)?.focus();
  }
  return (
    <div className="ord-tabs" role="tablist" aria-label={t('ordering.categories')} onKeyDown={onKeyDown}>
      {categories.map((c) => (
        <button
          key={c.id}
          id={`ord-tab-${c.id}`}
          type="button"
          role="tab"
          className="ord-tab"
          aria-selected={c.id === current}
          aria-controls={`ord-panel-${c.id}`}
          tabIndex={c.id === current ? 0 : -1}
          onClick={() => onSelect(c.id)}
        >
          {c.name}
        </button>
      ))}
    </div>
  );
}

function ProductCard({
  product,
  eager,
  currency,
  style,
  disabled,
  onCustomize,
  onAdd,
}: {
  product: OnlineProduct;
  /** The picture is on the first screen: it loads at once, first. */
  eager: boolean;
  currency: string;
  style: CSSProperties;
  disabled: boolean;
  onCustomize: () => void;
  onAdd: () => void;
}) {
  const { t, i18n } = useTranslation();
  const image = mediaUrl(product.image_path);
  const customizable = product.modifiers.length > 0;
  // Options all optional: the product can go to the cart as it is, too.
  const addable = !customizable || product.modifiers.every((g) => !isRequired(g));
  const titleId = `ord-product-${product.id}`;
  return (
    <article className="ord-product menu-card" style={style} aria-labelledby={titleId}>
      {image ? (
        <img
          className="ord-product__image"
          src={image}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={eager ? 'high' : undefined}
          width={320}
          height={240}
        />
      ) : (
        <span className="ord-product__image ord-product__image--empty" aria-hidden="true" />
      )}
      <div className="ord-product__body">
        <h2 id={titleId} className="ord-product__name">
          {product.name}
        </h2>
        {product.description && <p className="ord-product__description">{product.description}</p>}
        <DietaryInfo product={product} />
        <div className="ord-product__foot">
          <span className="ord-product__price">{formatCents(product.price, currency, i18n.resolvedLanguage ?? i18n.language)}</span>
          <span className="ord-product__actions">
            {customizable && (
              <button
                type="button"
                className={`button ord-product__action${addable ? '' : ' button--primary'}`}
                disabled={disabled}
                aria-label={`${t('ordering.customize.open')}: ${product.name}`}
                onClick={onCustomize}
              >
                {t('ordering.customize.open')}
              </button>
            )}
            {addable && (
              <button
                type="button"
                className="button button--primary ord-product__action"
                disabled={disabled}
                aria-label={`${t('ordering.add')}: ${product.name}`}
                onClick={onAdd}
              >
                {t('ordering.add')}
              </button>
            )}
          </span>
        </div>
      </div>
    </article>
  );
}
