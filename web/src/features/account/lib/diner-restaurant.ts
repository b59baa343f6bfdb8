/**
 * The restaurant a signed-in diner is currently using, kept in browser
 * storage under the spec's `cliente_id_actualizado` key.
 *
 * The staff session stores its own restaurant under `cliente_id`
 * (lib/session-storage.ts); the diner side never reads or writes that key,
 * so a restaurant owner who also browses as a diner on the same browser
 * keeps their panel's restaurant.
 */
export const DINER_RESTAURANT_KEY = 'cliente_id_actualizado';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A restaurant id as the routes use it (positive integer text), or null. */
export function validClienteId(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  return /^[1-9]\d*$/.test(v) ? v : null;
}

export function readDinerRestaurant(): string | null {
  return validClienteId(storage()?.getItem(DINER_RESTAURANT_KEY));
}

export function writeDinerRestaurant(clienteId: string | number): void {
  const id = validClienteId(String(clienteId));
  if (id) storage()?.setItem(DINER_RESTAURANT_KEY, id);
}

export function clearDinerRestaurant(): void {
  storage()?.removeItem(DINER_RESTAURANT_KEY);
}

/** The restaurant of a diner page: `?menu=`, else the stored one. */
export function dinerClienteId(params: URLSearchParams): string | null {
  return validClienteId(params.get('menu')) ?? readDinerRestaurant();
}

/** The query string `?menu={id}` (or '') that diner links carry. */
export function menuQuery(clienteId: string | null): string {
  return clienteId ? `?menu=${encodeURIComponent(clienteId)}` : '';
}
