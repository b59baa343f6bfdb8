import { queryOptions } from '@tanstack/react-query';
import type {
  Categoria,
  CategoriasBody,
  NombrePOSInput,
  NombresPOS,
  PosCategoria,
  Producto,
  ProductosBody,
  RequestBody,
  ResponseBody,
  Subcategoria,
  SubcategoriasBody,
} from '../../../api/contract';
import * as api from '../../../api/client';
import { withTimeout } from '../lib/timeout';

export type { Categoria, NombrePOSInput, NombresPOS, PosCategoria, Producto, Subcategoria };

export type SyncResult = ResponseBody<'/api/clover/sync-all', 'post'>;

type PosCategoriasBody = ResponseBody<'/api/clover/categories', 'get'>;
type CategoryImageAnswer = ResponseBody<'/api/categorias/{id}/imagen', 'post'>;
type VisibilityAnswer = ResponseBody<'/api/clover/products/{id}/visibility', 'put'>;
type ProductImageAnswer = ResponseBody<'/api/clover/products/{id}/image', 'post'>;

export const adminKeys = {
  all: ['catalog-admin'] as const,
  categories: (clienteId: string) => [...adminKeys.all, clienteId, 'categories'] as const,
  subcategories: (clienteId: string, categoryId: number | string) =>
    [...adminKeys.all, clienteId, 'subcategories', String(categoryId)] as const,
  posCategories: (clienteId: string) => [...adminKeys.all, clienteId, 'pos-categories'] as const,
  products: (clienteId: string) => [...adminKeys.all, clienteId, 'products'] as const,
  posNames: (clienteId: string) => [...adminKeys.all, clienteId, 'pos-names'] as const,
};

// ---- Categories: every call times out after 10 s (spec section 9). ----

/** POST /api/clover/sync-all {cliente_id}: imports the POS catalogue. */
export function syncAll(clienteId: string): Promise<SyncResult> {
  return withTimeout((signal) =>
    api.post('/api/clover/sync-all', { body: { cliente_id: Number(clienteId) }, signal }),
  );
}

/** GET /api/categories?cliente_id=&idioma=es: the main categories with Spanish names. */
export async function getAdminCategories(clienteId: string, signal?: AbortSignal): Promise<Categoria[]> {
  const body = await withTimeout(
    (s): Promise<CategoriasBody | undefined> =>
      api.get('/api/categories', { query: { cliente_id: clienteId, idioma: 'es' }, signal: s }),
    undefined,
    signal,
  );
  return body?.categorias ?? [];
}

/** GET /api/categories/{id}/subcategories?cliente_id=: ordered by position (missing last). */
export async function getAdminSubcategories(
  clienteId: string,
  categoryId: number | string,
  signal?: AbortSignal,
): Promise<Subcategoria[]> {
  const body = await withTimeout(
    (s): Promise<SubcategoriasBody | undefined> =>
      api.get('/api/categories/{id}/subcategories', {
        path: { id: categoryId },
        query: { cliente_id: clienteId, idioma: 'es' },
        signal: s,
      }),
    undefined,
    signal,
  );
  const pos = (x: Subcategoria) => x.position ?? Number.POSITIVE_INFINITY;
  return [...(body?.subcategorias ?? [])].sort((a, b) => pos(a) - pos(b));
}

/** GET /api/clover/categories?cliente_id=: the POS categories for the picker. */
export async function getPosCategories(clienteId: string, signal?: AbortSignal): Promise<PosCategoria[]> {
  const body = await withTimeout(
    (s): Promise<PosCategoriasBody | undefined> => api.get('/api/clover/categories', { query: { cliente_id: clienteId }, signal: s }),
    undefined,
    signal,
  );
  return body?.categorias ?? [];
}

export function adminCategoriesQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: adminKeys.categories(clienteId),
    queryFn: ({ signal }) => getAdminCategories(clienteId, signal),
    staleTime: 0,
    retry: false,
  });
}

export function adminSubcategoriesQueryOptions(clienteId: string, categoryId: number | string) {
  return queryOptions({
    queryKey: adminKeys.subcategories(clienteId, categoryId),
    queryFn: ({ signal }) => getAdminSubcategories(clienteId, categoryId, signal),
    staleTime: 0,
    retry: false,
  });
}

export function posCategoriesQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: adminKeys.posCategories(clienteId),
    queryFn: ({ signal }) => getPosCategories(clienteId, signal),
    staleTime: 0,
    retry: false,
  });
}

export type CreateCategoryInput = {
  name: string;
  name_en?: string;
  merchant_id: string;
  cliente_id: string;
  image_path: string;
};

/** POST /api/categories: 201 {message, categoria}. */
export function createCategory(input: CreateCategoryInput): Promise<ResponseBody<'/api/categories', 'post', 201>> {
  const body: RequestBody<'/api/categories', 'post'> = {
    name: input.name,
    merchant_id: input.merchant_id,
    cliente_id: Number(input.cliente_id),
    image_path: input.image_path,
  };
  if (input.name_en) body.name_en = input.name_en;
  return withTimeout((signal) => api.post('/api/categories', { body, signal }));
}

/** PUT /api/categories/{id} {name_en}: the owner's English name of a main category. */
export function updateCategoryEnglishName(clienteId: string, id: number, nameEn: string): Promise<Categoria> {
  return withTimeout((signal) =>
    api.put('/api/categories/{id}', { path: { id }, query: { cliente_id: clienteId }, body: { name_en: nameEn }, signal }),
  );
}

/** DELETE /api/categories/{id}?cliente_id=. */
export function deleteCategory(clienteId: string, id: number): Promise<ResponseBody<'/api/categories/{id}', 'delete'>> {
  return withTimeout((signal) =>
    api.delete('/api/categories/{id}', { path: { id }, query: { cliente_id: clienteId }, signal }),
  );
}

/** POST /api/categorias/{id}/imagen?cliente_id= (multipart image): a response without a string path is an error. */
export async function uploadCategoryImage(clienteId: string, id: number, file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const body: CategoryImageAnswer | undefined = await withTimeout((signal) =>
    api.post('/api/categorias/{id}/imagen', { path: { id }, query: { cliente_id: clienteId }, body: form, signal }),
  );
  if (!body || typeof body.path !== 'string' || !body.path) throw new Error('upload answered without a path');
  return body.path;
}

/** POST /api/categories/{id}/subcategories: links POS categories with positions. */
export function assignSubcategories(
  clienteId: string,
  categoryId: number,
  positions: Record<string, number>,
): Promise<ResponseBody<'/api/categories/{id}/subcategories', 'post'>> {
  return withTimeout((signal) =>
    api.post('/api/categories/{id}/subcategories', {
      path: { id: categoryId },
      body: { cliente_id: Number(clienteId), cloverCategoryIds: Object.keys(positions), positions },
      signal,
    }),
  );
}

/** DELETE /api/categories/{id}/subcategories/{cloverCategoryId}?cliente_id=. */
export function removeSubcategory(
  clienteId: string,
  categoryId: number,
  cloverCategoryId: string,
): Promise<ResponseBody<'/api/categories/{id}/subcategories/{cloverCategoryId}', 'delete'>> {
  return withTimeout((signal) =>
    api.delete('/api/categories/{id}/subcategories/{cloverCategoryId}', {
      path: { id: categoryId, cloverCategoryId },
      query: { cliente_id: clienteId },
      signal,
    }),
  );
}

// ---- Products ----

/** GET /api/productos?cliente_id=&idioma=es (staff): every product, hidden ones too. */
export async function getAdminProducts(clienteId: string, signal?: AbortSignal): Promise<Producto[]> {
  const body: ProductosBody | Producto[] | undefined = await api.get('/api/productos', {
    query: { cliente_id: clienteId, idioma: 'es' },
    signal,
  });
  // The spec allows "an array or an object with productos".
  if (Array.isArray(body)) return body;
  return body?.productos ?? [];
}

export function adminProductsQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: adminKeys.products(clienteId),
    queryFn: ({ signal }) => getAdminProducts(clienteId, signal),
    staleTime: 0,
  });
}

/** PUT /api/productos/{id}/descripcion {cliente_id, description}: `description` in the answer is the text as saved (trimmed). */
export function updateDescription(clienteId: string, id: Producto['id'], description: string) {
  return api.put('/api/productos/{id}/descripcion', { path: { id }, body: { cliente_id: Number(clienteId), description } });
}

/** PUT /api/productos/{id}/traduccion {cliente_id, idioma: 'en', name, description}. */
export function updateTranslation(clienteId: string, id: Producto['id'], name: string, description: string) {
  return api.put('/api/productos/{id}/traduccion', {
    path: { id },
    body: { cliente_id: Number(clienteId), idioma: 'en', name, description },
  });
}

/** PUT /api/clover/products/{id}/visibility {visible, cliente_id} → {id, visible}. */
export function setVisibility(clienteId: string, id: Producto['id'], visible: boolean): Promise<VisibilityAnswer | undefined> {
  return api.put('/api/clover/products/{id}/visibility', { path: { id }, body: { visible, cliente_id: Number(clienteId) } });
}

/** POST /api/clover/products/{id}/image (multipart image + cliente_id) → {url}. */
export async function uploadProductImage(clienteId: string, id: Producto['id'], image: Blob): Promise<string> {
  const form = new FormData();
  form.append('image', image, 'recorte.jpg');
  form.append('cliente_id', clienteId);
  const body: ProductImageAnswer | undefined = await api.post('/api/clover/products/{id}/image', { path: { id }, body: form });
  if (!body || typeof body.url !== 'string' || !body.url) throw new Error('upload answered without a url');
  return body.url;
}

/** PUT /api/productos/{id}/alergenos {cliente_id, alergenos, etiquetas} → the codes as saved. */
export function setDietary(clienteId: string, id: Producto['id'], alergenos: string[], etiquetas: string[]) {
  return api.put('/api/productos/{id}/alergenos', { path: { id }, body: { cliente_id: Number(clienteId), alergenos, etiquetas } });
}

/** PUT /api/clover/products/visibility {cliente_id, ids, visible}: several products in one transaction. */
export function setVisibilityMany(clienteId: string, ids: Producto['id'][], visible: boolean) {
  return api.put('/api/clover/products/visibility', { body: { cliente_id: Number(clienteId), ids, visible } });
}

// ---- The POS's modifier, group and tax names in Spanish and English ----

/** GET /api/clientes/{id}/nombres-pos: the modifier groups and taxes the products carry, with the owner's names. */
export function posNamesQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: adminKeys.posNames(clienteId),
    queryFn: ({ signal }) => api.get('/api/clientes/{cliente_id}/nombres-pos', { path: { cliente_id: clienteId }, signal }),
    staleTime: 0,
    retry: false,
  });
}

/** PUT /api/clientes/{id}/nombres-pos {nombres}: all or none; an empty name gives the POS's back. */
export function savePosNames(clienteId: string, nombres: NombrePOSInput[]): Promise<NombresPOS> {
  return api.put('/api/clientes/{cliente_id}/nombres-pos', { path: { cliente_id: clienteId }, body: { nombres } });
}
