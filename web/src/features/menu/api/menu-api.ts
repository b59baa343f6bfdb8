import type {
  Categoria,
  CategoriasBody,
  Producto,
  ProductosBody,
  Subcategoria,
  SubcategoriasBody,
} from '../../../api/contract';
import { apiFetch } from '../../../lib/api-client';
import { publicReads } from '../../../lib/public-reads';

/**
 * The diner menu's reads. They go through the menu's own loader
 * (lib/fetch-cache.ts), not TanStack Query, to keep the menu's first load
 * small: nothing in the menu feature may import @tanstack/react-query.
 */
export type { Categoria, Producto, Subcategoria };


/** Keys of the menu's fetch cache (lib/fetch-cache.ts). */
export const menuKeys = {
  categories: (clienteId: string, lang: string) => `menu/${clienteId}/categories/${lang}`,
  subcategories: (clienteId: string, categoryId: string, lang: string) =>
    `menu/${clienteId}/subcategories/${categoryId}/${lang}`,
  products: (clienteId: string, cloverCategoryId: string, lang: string) =>
    `menu/${clienteId}/products/${cloverCategoryId}/${lang}`,
  settings: (clienteId: string) => `menu/${clienteId}/settings`,
  popups: (clienteId: string) => `menu/${clienteId}/popups`,
};

const q = encodeURIComponent;

/** GET /api/categories?cliente_id=&idioma= */
export async function getCategories(clienteId: string, lang: string, signal?: AbortSignal) {
  const body = await apiFetch<CategoriasBody | undefined>(publicReads.categories(clienteId, lang), {
    signal,
    token: null,
  });
  return body?.categorias ?? [];
}

/** Missing sorts last (spec section 3); the server already orders, this keeps it so. */
function byPosition(a: Subcategoria, b: Subcategoria) {
  const pa = a.position ?? Number.POSITIVE_INFINITY;
  const pb = b.position ?? Number.POSITIVE_INFINITY;
  return pa === pb ? 0 : pa < pb ? -1 : 1;
}

/** GET /api/categories/{id}/subcategories?cliente_id=&idioma= */
export async function getSubcategories(clienteId: string, categoryId: string, lang: string, signal?: AbortSignal) {
  const body = await apiFetch<SubcategoriasBody | undefined>(
    `/categories/${q(categoryId)}/subcategories?cliente_id=${q(clienteId)}&idioma=${q(lang)}`,
    { signal, token: null },
  );
  return [...(body?.subcategorias ?? [])].sort(byPosition);
}

/** GET /api/productos?cliente_id=&category_id=&idioma= — only visible products are kept. */
export async function getProducts(clienteId: string, cloverCategoryId: string, lang: string, signal?: AbortSignal) {
  const body = await apiFetch<ProductosBody | undefined>(
    `/productos?cliente_id=${q(clienteId)}&category_id=${q(cloverCategoryId)}&idioma=${q(lang)}`,
    { signal, token: null },
  );
  return (body?.productos ?? []).filter((p) => p.visible !== false);
}
