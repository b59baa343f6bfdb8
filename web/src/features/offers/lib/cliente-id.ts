/**
 * The restaurant of the diner's offers page: the query parameter `menu`,
 * else the route segment (/usuario/{cliente_id}/ofertas), else the stored
 * `cliente_id`. Only a positive integer counts.
 */
export function resolveOffersClienteId(menu: string | null, segment: string | undefined, stored: string | null): string | null {
  for (const candidate of [menu, segment, stored]) {
    const v = (candidate ?? '').trim();
    if (/^\d+$/.test(v) && Number(v) > 0) return String(Number(v));
  }
  return null;
}

export function storedClienteId(): string | null {
  try {
    return window.localStorage.getItem('cliente_id');
  } catch {
    return null;
  }
}
