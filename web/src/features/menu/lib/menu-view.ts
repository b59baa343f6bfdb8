/**
 * The diner menu's view lives in the URL's search parameters, so that the
 * browser's back and forward buttons move between the views and a view can be
 * shared or reloaded:
 *
 *   (none)                       → Categorías Principales
 *   ?categoria={id}              → Subcategorías de {name}
 *   ?categoria={id}&sub={clover} → Productos
 *
 * Other parameters (such as `menu`) are kept untouched.
 */
export type MenuView =
  | { kind: 'categorias' }
  | { kind: 'subcategorias'; categoryId: string }
  | { kind: 'productos'; categoryId: string; cloverCategoryId: string }
  | { kind: 'invalid' };

export const CATEGORY_PARAM = 'categoria';
export const SUB_PARAM = 'sub';

export function parseMenuView(params: URLSearchParams): MenuView {
  const categoria = params.get(CATEGORY_PARAM);
  const sub = params.get(SUB_PARAM);
  if (categoria === null && sub === null) return { kind: 'categorias' };
  if (!categoria || !/^\d+$/.test(categoria) || (sub !== null && !sub.trim())) return { kind: 'invalid' };
  if (sub === null) return { kind: 'subcategorias', categoryId: categoria };
  return { kind: 'productos', categoryId: categoria, cloverCategoryId: sub };
}

/** The search string (with '?', or '' ) of a view, keeping the other parameters. */
export function menuViewSearch(current: URLSearchParams, view: MenuView): string {
  const next = new URLSearchParams(current);
  next.delete(CATEGORY_PARAM);
  next.delete(SUB_PARAM);
  if (view.kind === 'subcategorias' || view.kind === 'productos') next.set(CATEGORY_PARAM, view.categoryId);
  if (view.kind === 'productos') next.set(SUB_PARAM, view.cloverCategoryId);
  const s = next.toString();
  return s ? `?${s}` : '';
}

/**
 * resolveClienteId finds the restaurant id as the spec says: from the route,
 * else the `menu` query parameter, else stored browser data.
 */
export function resolveClienteId(routeId: string | undefined, params: URLSearchParams): string | null {
  const valid = (v: string | null | undefined) => (v && /^\d+$/.test(v.trim()) ? v.trim() : null);
  const fromRoute = valid(routeId);
  if (fromRoute) return fromRoute;
  const fromQuery = valid(params.get('menu'));
  if (fromQuery) return fromQuery;
  try {
    return valid(window.localStorage.getItem('cliente_id'));
  } catch {
    return null;
  }
}
