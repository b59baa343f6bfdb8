import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export type Translations = Record<string, { name?: string; description?: string } | undefined>;

/** A main category of the diner menu (GET /api/categories). */
export type Categoria = {
  id: number;
  name: string;
  image_path: string;
  cliente_id: number;
  translations?: Translations;
};

/** A subcategory: a POS category placed under a main category. */
export type Subcategoria = {
  id: number;
  clover_category_id: string;
  name: string;
  position: number | null;
  translations?: Translations;
};

/** A menu product; `price` is integer cents. */
export type Producto = {
  id: number | string;
  name: string;
  description: string;
  price: number;
  image_path: string;
  visible: boolean;
  translations?: Translations;
};

export const menuKeys = {
  all: ['menu'] as const,
  categories: (clienteId: string, lang: string) => [...menuKeys.all, clienteId, 'categories', lang] as const,
  subcategories: (clienteId: string, categoryId: string, lang: string) =>
    [...menuKeys.all, clienteId, 'subcategories', categoryId, lang] as const,
  products: (clienteId: string, cloverCategoryId: string, lang: string) =>
    [...menuKeys.all, clienteId, 'products', cloverCategoryId, lang] as const,
};

const q = encodeURIComponent;

/** GET /api/categories?cliente_id=&idioma= */
export async function getCategories(clienteId: string, lang: string, signal?: AbortSignal) {
  const body = await apiFetch<{ categorias?: Categoria[] }>(`/categories?cliente_id=${q(clienteId)}&idioma=${q(lang)}`, {
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
  const body = await apiFetch<{ subcategorias?: Subcategoria[] }>(
    `/categories/${q(categoryId)}/subcategories?cliente_id=${q(clienteId)}&idioma=${q(lang)}`,
    { signal, token: null },
  );
  return [...(body?.subcategorias ?? [])].sort(byPosition);
}

/** GET /api/productos?cliente_id=&category_id=&idioma= — only visible products are kept. */
export async function getProducts(clienteId: string, cloverCategoryId: string, lang: string, signal?: AbortSignal) {
  const body = await apiFetch<{ productos?: Producto[] }>(
    `/productos?cliente_id=${q(clienteId)}&category_id=${q(cloverCategoryId)}&idioma=${q(lang)}`,
    { signal, token: null },
  );
  return (body?.productos ?? []).filter((p) => p.visible !== false);
}

export function categoriesQueryOptions(clienteId: string, lang: string) {
  return queryOptions({
    queryKey: menuKeys.categories(clienteId, lang),
    queryFn: ({ signal }) => getCategories(clienteId, lang, signal),
  });
}

export function subcategoriesQueryOptions(clienteId: string, categoryId: string, lang: string) {
  return queryOptions({
    queryKey: menuKeys.subcategories(clienteId, categoryId, lang),
    queryFn: ({ signal }) => getSubcategories(clienteId, categoryId, lang, signal),
  });
}

export function productsQueryOptions(clienteId: string, cloverCategoryId: string, lang: string) {
  return queryOptions({
    queryKey: menuKeys.products(clienteId, cloverCategoryId, lang),
    queryFn: ({ signal }) => getProducts(clienteId, cloverCategoryId, lang, signal),
  });
}
