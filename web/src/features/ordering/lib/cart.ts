import { useSyncExternalStore } from 'react';
import type { LineRequest, OnlineMenu, OnlineProduct } from '../../../api/contract';

/**
 * The diner's cart, one per restaurant, kept in localStorage under
 * `cart_{cliente_id}` so it survives a reload and is shared by the tabs of
 * the browser. A line keeps what the diner chose (product and modifier ids,
 * quantity) plus the names and prices seen when it was added, for display
 * only: the totals always come from the server's quote.
 */

export const MAX_QUANTITY = 99;
export const MAX_LINES = 50;

export type CartModifier = { id: string; name: string; price: number; group_id: string };

export type CartLine = {
  product_id: number;
  name: string;
  /** Cents, item plus modifiers, as shown when added (display only). */
  unit_price: number;
  quantity: number;
  modifiers: CartModifier[];
};

export const cartKey = (clienteId: string) => `cart_${clienteId}`;
export const pendingKey = (clienteId: string) => `pedido_pendiente_${clienteId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
function notify() {
  for (const l of listeners) l();
}

function isModifier(m: unknown): m is CartModifier {
  const x = m as CartModifier;
  return !!x && typeof x.id === 'string' && typeof x.name === 'string' && typeof x.price === 'number';
}

/** A stored line, or null for anything that is not one (old or tampered data). */
function parseLine(raw: unknown): CartLine | null {
  const x = raw as CartLine;
  if (!x || typeof x !== 'object') return null;
  if (!Number.isInteger(x.product_id) || x.product_id <= 0) return null;
  const quantity = Math.min(MAX_QUANTITY, Math.max(1, Math.floor(Number(x.quantity) || 1)));
  const modifiers = Array.isArray(x.modifiers) ? x.modifiers.filter(isModifier) : [];
  return {
    product_id: x.product_id,
    name: typeof x.name === 'string' ? x.name : '',
    unit_price: typeof x.unit_price === 'number' ? x.unit_price : 0,
    quantity,
    modifiers: modifiers.map((m) => ({ id: m.id, name: m.name, price: m.price, group_id: String(m.group_id ?? '') })),
  };
}

const snapshots = new Map<string, { raw: string | null; lines: CartLine[] }>();
const EMPTY: CartLine[] = [];

/** The stored cart of a restaurant (the same array while it does not change). */
export function readCart(clienteId: string): CartLine[] {
  const raw = storage()?.getItem(cartKey(clienteId)) ?? null;
  const cached = snapshots.get(clienteId);
  if (cached && cached.raw === raw) return cached.lines;
  let lines: CartLine[] = EMPTY;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) lines = parsed.map(parseLine).filter((l): l is CartLine => l !== null);
    } catch {
      lines = EMPTY;
    }
  }
  snapshots.set(clienteId, { raw, lines });
  return lines;
}

function writeCart(clienteId: string, lines: CartLine[]) {
  const s = storage();
  if (!s) return;
  if (lines.length === 0) s.removeItem(cartKey(clienteId));
  else s.setItem(cartKey(clienteId), JSON.stringify(lines));
  notify();
}

const sameChoice = (a: CartLine, b: CartLine) =>
  a.product_id === b.product_id &&
  a.modifiers.length === b.modifiers.length &&
  a.modifiers.map((m) => m.id).sort().join('\n') === b.modifiers.map((m) => m.id).sort().join('\n');

/** Adds a line; the same product with the same modifiers adds to that line's quantity. */
export function addToCart(clienteId: string, line: CartLine): void {
  const lines = [...readCart(clienteId)];
  const i = lines.findIndex((l) => sameChoice(l, line));
  if (i >= 0) lines[i] = { ...lines[i], quantity: Math.min(MAX_QUANTITY, lines[i].quantity + line.quantity) };
  else if (lines.length < MAX_LINES) lines.push(line);
  writeCart(clienteId, lines);
}

/** Sets the quantity of the line at `position` (1–99). */
export function setQuantity(clienteId: string, position: number, quantity: number): void {
  const lines = [...readCart(clienteId)];
  if (!lines[position]) return;
  lines[position] = { ...lines[position], quantity: Math.min(MAX_QUANTITY, Math.max(1, Math.floor(quantity))) };
  writeCart(clienteId, lines);
}

/** Removes the line at `position` (spec: remove item by position). */
export function removeFromCart(clienteId: string, position: number): void {
  writeCart(
    clienteId,
    readCart(clienteId).filter((_, i) => i !== position),
  );
}

export function clearCart(clienteId: string): void {
  writeCart(clienteId, []);
}

/** Number of items (quantities added up). */
export function cartCount(lines: CartLine[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}

/**
 * The cart's total as added (cents: each line's unit price as shown times its
 * quantity), for the cart button; display only, the checkout's total is the
 * server's quote.
 */
export function cartSubtotal(lines: CartLine[]): number {
  return lines.reduce((n, l) => n + l.unit_price * l.quantity, 0);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith('cart_')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The cart of a restaurant, re-rendering on every change (in this tab or another). */
export function useCart(clienteId: string): CartLine[] {
  return useSyncExternalStore(
    subscribe,
    () => readCart(clienteId),
    () => EMPTY,
  );
}

/** Why a stored line cannot be ordered any more, or null when it can. */
export type LineProblem = 'gone' | 'modifier' | 'rules' | null;

export type CheckedLine = {
  line: CartLine;
  /** Index in the stored cart (what remove and quantity act on). */
  position: number;
  problem: LineProblem;
  /** The product as the menu has it now (when it is still there). */
  product?: OnlineProduct;
};

/**
 * checkCart compares the stored lines with the restaurant's current online
 * menu: a product no longer on it (removed, hidden, sold out), a modifier no
 * longer among the product's, or a group rule the choice no longer meets
 * flags the line; flagged lines are left out of the quote and the order.
 */
export function checkCart(lines: CartLine[], menu: OnlineMenu): CheckedLine[] {
  const products = new Map<number, OnlineProduct>();
  for (const c of menu.categorias) for (const p of c.productos) products.set(p.id, p);
  return lines.map((line, position) => {
    const product = products.get(line.product_id);
    if (!product) return { line, position, problem: 'gone' };
    const owner = new Map<string, string>();
    for (const g of product.modifiers) for (const m of g.modifiers) owner.set(m.id, g.group_id);
    if (line.modifiers.some((m) => !owner.has(m.id))) return { line, position, problem: 'modifier', product };
    for (const g of product.modifiers) {
      const n = line.modifiers.filter((m) => owner.get(m.id) === g.group_id).length;
      if (n < g.min_required || (g.max_allowed > 0 && n > g.max_allowed)) return { line, position, problem: 'rules', product };
    }
    return { line, position, problem: null, product };
  });
}

/** The valid lines as the server takes them (ids and quantities only). */
export function lineRequests(checked: CheckedLine[]): LineRequest[] {
  return checked
    .filter((c) => c.problem === null)
    .map((c) => ({ product_id: c.line.product_id, quantity: c.line.quantity, modifier_ids: c.line.modifiers.map((m) => m.id) }));
}

/** This browser's last placed, not yet paid, order of a restaurant (replaced by the next one). */
export type PendingOrder = { pedido_id: number; token: string; checkout_url: string };

export function readPendingOrder(clienteId: string): PendingOrder | null {
  try {
    const x = JSON.parse(storage()?.getItem(pendingKey(clienteId)) ?? 'null') as PendingOrder | null;
    if (x && Number.isInteger(x.pedido_id) && typeof x.token === 'string') return x;
  } catch {
    // not one
  }
  return null;
}

/** The ids of every order this browser placed and has not seen paid yet (any restaurant). */
export function pendingOrderIds(): number[] {
  const s = storage();
  if (!s) return [];
  const ids: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key?.startsWith('pedido_pendiente_')) continue;
    const pending = readPendingOrder(key.slice('pedido_pendiente_'.length));
    if (pending) ids.push(pending.pedido_id);
  }
  return ids;
}

export function writePendingOrder(clienteId: string, order: PendingOrder | null): void {
  const s = storage();
  if (!s) return;
  if (order) s.setItem(pendingKey(clienteId), JSON.stringify(order));
  else s.removeItem(pendingKey(clienteId));
}

/**
 * The order's payment went through: the cart it was placed from is emptied
 * (spec: cleared after successful payment) and the pending order forgotten.
 * Only the browser that placed that order (its pending record) does this.
 */
export function orderPaid(clienteId: string, pedidoId: number): void {
  const pending = readPendingOrder(clienteId);
  if (!pending || pending.pedido_id !== pedidoId) return;
  writePendingOrder(clienteId, null);
  clearCart(clienteId);
}
