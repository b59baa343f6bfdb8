import type { TFunction } from 'i18next';
import type { TabAccess, TableInfo, TableRef, TipSettings } from '../../../api/contract';

/**
 * The table a diner sits at, kept in sessionStorage (this browser tab only:
 * another tab or a later visit starts without a table) under
 * `mesa_{cliente_id}`, so a reload, the cart and 'Pedir más' stay in table
 * mode. The tab's token is also kept under `cuenta_token_{id}`: the tab's
 * pages read it when the URL carries no ?t=. A 410 from the tab (closed or
 * paid) clears both. The ordering pages import this module: it stays small
 * and imports nothing at run time.
 */
export type TableContext = {
  cliente_id: number;
  codigo: string;
  mesa: TableRef;
  modo: TableInfo['modo'];
  propinas: TipSettings;
  moneda: string;
  cuenta: TabAccess | null;
};

const contextKey = (clienteId: string | number) => `mesa_${clienteId}`;
const tokenKey = (tabId: string | number) => `cuenta_token_${tabId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): TableContext | null {
  if (!raw) return null;
  try {
    const x = JSON.parse(raw) as TableContext;
    if (!x || typeof x.codigo !== 'string' || !x.codigo || !Number.isInteger(x.cliente_id) || !x.mesa) return null;
    return x;
  } catch {
    return null;
  }
}

/** The table of this restaurant this browser tab is at, or null (pickup ordering). */
export function readTableContext(clienteId: string | number): TableContext | null {
  return parse(storage()?.getItem(contextKey(clienteId)) ?? null);
}

/** Remembers the table a QR code resolved to (and its open tab, if any). */
export function saveTable(info: TableInfo, codigo: string): TableContext {
  const context: TableContext = {
    cliente_id: info.cliente_id,
    codigo,
    mesa: info.mesa,
    modo: info.modo,
    propinas: info.propinas,
    moneda: info.moneda,
    // The server knows the table's open tab: this phone joins it (null: the next order opens one).
    cuenta: info.cuenta,
  };
  storage()?.setItem(contextKey(info.cliente_id), JSON.stringify(context));
  if (context.cuenta) saveTabToken(context.cuenta.id, context.cuenta.token);
  return context;
}

/** Records the tab an order at the table opened or joined. */
export function saveTabAccess(clienteId: string | number, cuenta: TabAccess): void {
  const context = readTableContext(clienteId);
  if (context) storage()?.setItem(contextKey(clienteId), JSON.stringify({ ...context, cuenta }));
  saveTabToken(cuenta.id, cuenta.token);
}

export function saveTabToken(tabId: string | number, token: string): void {
  if (token) storage()?.setItem(tokenKey(tabId), token);
}

export function readTabToken(tabId: string | number): string {
  return storage()?.getItem(tokenKey(tabId)) ?? '';
}

/**
 * Forgets a tab that is closed or paid: its token, and the table context
 * that pointed at it (the diner scans the table's QR again to order anew).
 */
export function clearTab(tabId: string | number): void {
  const s = storage();
  if (!s) return;
  s.removeItem(tokenKey(tabId));
  for (let i = s.length - 1; i >= 0; i--) {
    const key = s.key(i);
    if (!key?.startsWith('mesa_')) continue;
    const context = parse(s.getItem(key));
    if (context?.cuenta && String(context.cuenta.id) === String(tabId)) s.removeItem(key);
  }
}

/** The table's name as the diner reads it: its nombre, else 'Mesa {numero}' (t: the page's translator). */
export function tableName(mesa: TableRef, t: TFunction): string {
  return mesa.nombre || t('table.tableNumber', { numero: mesa.numero });
}

/** The tab page of a tab, with its token and the restaurant (?menu=, for the diner shell). */
export function tabPath(tabId: number | string, token: string, clienteId?: number | string | null): string {
  const params = new URLSearchParams();
  if (token) params.set('t', token);
  if (clienteId) params.set('menu', String(clienteId));
  return `/cuenta/${encodeURIComponent(String(tabId))}?${params.toString()}`;
}

/**
 * Leaving for a hosted checkout from a table (an order paid first, a tab
 * payment): always this window, never a new tab — the table context lives
 * in this tab's sessionStorage and the checkout returns here. Behind an
 * object so tests replace it (jsdom has no real navigation).
 */
export const tableCheckout = {
  go(url: string): void {
    window.location.assign(url);
  },
};
