import type { CSSProperties, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFetch } from '../../../lib/fetch-cache';
import { getCategories, getSubcategories, menuKeys } from '../api/menu-api';
import { menuViewSearch } from '../lib/menu-view';
import { useFirstViewTakeover } from '../lib/shell';
import { MenuImage } from './MenuImage';

/** How many grid cards form the first row on a phone (loaded eagerly). */
const FIRST_ROW = 2;

export type Common = {
  clienteId: string;
  lang: string;
  cardStyle: CSSProperties;
  headingRef: (el: HTMLHeadingElement | null) => void;
};

export function Status({ children }: { children: ReactNode }) {
  return (
    <p className="menu-status" role="status">
      {children}
    </p>
  );
}

function ErrorText({ children }: { children: ReactNode }) {
  return (
    <p className="menu-status menu-status--error" role="alert">
      {children}
    </p>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="menu-status" role="status" aria-live="polite">
      {t('menu.loading')}
    </p>
  );
}

function useCategories(clienteId: string, lang: string) {
  return useFetch(menuKeys.categories(clienteId, lang), () => getCategories(clienteId, lang));
}

/**
 * 'Categorías Principales': grid of the main categories. The server paints
 * a copy of this view in its shell with the HTML (src/first-view/render.tsx);
 * it stays until this view has what it shows: the settings (the shell's
 * name and logo, the cards' look: `settingsReady`) and the categories, or
 * their errors.
 */
export function CategoriesView({ clienteId, lang, cardStyle, headingRef, settingsReady }: Common & { settingsReady: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = useCategories(clienteId, lang);
  useFirstViewTakeover(settingsReady && !query.isPending);
  let body: ReactNode;
  if (query.isPending) body = <Loading />;
  else if (query.isError) body = <ErrorText>{t('menu.categoriesError')}</ErrorText>;
  else if (query.data.length === 0) body = <Status>{t('menu.noCategories')}</Status>;
  else
    body = (
      <ul className="menu-grid">
        {query.data.map((c, i) => (
          <li key={c.id}>
            <Link
              className="menu-card menu-card--tile"
              style={cardStyle}
              to={{ search: menuViewSearch(params, { kind: 'subcategorias', categoryId: String(c.id) }) }}
            >
              <MenuImage path={c.image_path} width={400} height={300} eager={i < FIRST_ROW} />
              <span className="menu-card__name">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="menu-view-title">
      <h2 id="menu-view-title" className="menu-view-title" tabIndex={-1} ref={headingRef}>
        {t('menu.categoriesTitle')}
      </h2>
      {body}
    </section>
  );
}

/** 'Subcategorías de {name}': grid of the chosen category's subcategories. */
export function SubcategoriesView({ clienteId, lang, cardStyle, headingRef, categoryId }: Common & { categoryId: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const categories = useCategories(clienteId, lang);
  const query = useFetch(menuKeys.subcategories(clienteId, categoryId, lang), () =>
    getSubcategories(clienteId, categoryId, lang),
  );
  const name = categories.data?.find((c) => String(c.id) === categoryId)?.name ?? '';

  let body: ReactNode;
  if (query.isPending) body = <Loading />;
  else if (query.isError) body = <ErrorText>{t('menu.subcategoriesError')}</ErrorText>;
  else if (query.data.length === 0) body = <Status>{t('menu.noSubcategories')}</Status>;
  else
    body = (
      <ul className="menu-grid">
        {query.data.map((s) => (
          <li key={s.id}>
            <Link
              className="menu-card menu-card--tile menu-card--text"
              style={cardStyle}
              to={{
                search: menuViewSearch(params, { kind: 'productos', categoryId, cloverCategoryId: s.clover_category_id }),
              }}
            >
              <span className="menu-card__name">{s.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="menu-view-title">
      <div className="menu-view-head">
        <Link className="button menu-back" to={{ search: menuViewSearch(params, { kind: 'categorias' }) }}>
          {t('menu.backToCategories')}
        </Link>
        <h2 id="menu-view-title" className="menu-view-title" tabIndex={-1} ref={headingRef}>
          {t('menu.subcategoriesTitle', { name })}
        </h2>
      </div>
      {body}
    </section>
  );
}

/** 'Productos': list of the visible products of a subcategory. */
