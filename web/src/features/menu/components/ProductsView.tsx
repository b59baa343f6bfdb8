import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DietaryInfo } from '../../../components/DietaryIcons';
import { DietFilterBar } from '../../../components/DietFilterBar';
import { TaxNote } from '../../../components/TaxNote';
import { matchesDiet, parseDietFilters, withDietFilters } from '../../../lib/dietary';
import { formatCents } from '../../../lib/money';
import { useFetch } from '../../../lib/fetch-cache';
import { getProducts, menuKeys } from '../api/menu-api';
import { menuViewSearch } from '../lib/menu-view';
import { MenuImage } from './MenuImage';
import { Loading, Status, type Common } from './MenuViews';

/*
 * The products of a POS category, with their allergens and the diet
 * filter: a chunk of its own (MenuScreen loads it lazily and fetches it
 * while the diner looks at the categories), so the menu's first load does
 * not carry the allergen icons.
 */

export function ProductsView({
  clienteId,
  lang,
  cardStyle,
  headingRef,
  categoryId,
  cloverCategoryId,
  currency,
  taxIncluded,
}: Common & { categoryId: string; cloverCategoryId: string; currency: string; taxIncluded?: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = useFetch(menuKeys.products(clienteId, cloverCategoryId, lang), () =>
    getProducts(clienteId, cloverCategoryId, lang),
  );
  // The diet filter lives in the URL (?dieta=), so it stays while the diner moves through the menu.
  const filters = parseDietFilters(params);
  const shown = query.data?.filter((p) => matchesDiet(p, filters)) ?? [];

  let body: ReactNode;
  if (query.isPending) body = <Loading />;
  // The spec shows a friendly note, not an error, when products cannot load.
  else if (query.isError) body = <Status>{t('menu.productsUnavailable')}</Status>;
  else if (query.data.length === 0) body = <Status>{t('menu.noProducts')}</Status>;
  else if (shown.length === 0) body = <Status>{t('diet.noMatches')}</Status>;
  else
    body = (
      <ul className="menu-list">
        {shown.map((p, i) => (
          <li key={p.id}>
            <article className="menu-card menu-product" style={cardStyle} data-testid="menu-product">
              <MenuImage path={p.image_path} width={120} height={120} eager={i < 1} className="menu-product__image" />
              <div className="menu-product__body">
                <div className="menu-product__head">
                  <h3 className="menu-product__name">{p.name}</h3>
                  <span className="menu-product__price">{formatCents(p.price, currency, lang)}</span>
                </div>
                {p.description && <p className="menu-product__description">{p.description}</p>}
                <DietaryInfo product={p} />
              </div>
            </article>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="menu-view-title">
      <div className="menu-view-head">
        <Link className="button menu-back" to={{ search: menuViewSearch(params, { kind: 'subcategorias', categoryId }) }}>
          {t('menu.back')}
        </Link>
        <h2 id="menu-view-title" className="menu-view-title" tabIndex={-1} ref={headingRef}>
          {t('menu.productsTitle')}
        </h2>
      </div>
      <DietFilterBar value={filters} onChange={(next) => setParams(withDietFilters(params, next), { replace: true })} />
      <TaxNote included={taxIncluded} />
      {body}
    </section>
  );
}
