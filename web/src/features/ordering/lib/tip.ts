import type { Tab } from '../../../api/contract';

/** Round half up of a non-negative ratio of integers (cents). */
export function roundHalfUp(numerator: number, denominator: number): number {
  if (denominator === 0) return 0;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The tip the diner chose: none, a percentage, or another amount (cents). */
export type TipChoice = { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'amount'; cents: number };

/** What the payment covers: the whole remainder, one share of N, or chosen lines. */
export type PayChoice = { modo: 'todo' } | { modo: 'partes'; partes: number } | { modo: 'lineas'; lineas: string[] };

/**
 * The preview of a payment (the server's TabPaymentStarted is what is
 * charged): its amount, the pre-tax base the tip is on, and the tip.
 * todo/partes: base = importe × subtotal / total; lines: their importe −
 * impuestos; tip = base × pct / 100, each rounded half up.
 */
export function previewPayment(tab: Tab, pay: PayChoice, tip: TipChoice | null): { importe: number; base: number; propina: number } {
  let importe: number;
  let base: number;
  if (pay.modo === 'lineas') {
    const chosen = new Set(pay.lineas);
    const lines = tab.pedidos.flatMap((o) => o.lineas).filter((l) => chosen.has(l.id));
    importe = lines.reduce((sum, l) => sum + l.importe, 0);
    base = lines.reduce((sum, l) => sum + l.importe - l.impuestos, 0);
  } else {
    if (pay.modo === 'todo') importe = tab.restante;
    else if (tab.division) importe = tab.division.siguiente;
    else importe = Math.min(tab.restante, roundHalfUp(tab.restante, Math.max(1, pay.partes)));
    base = roundHalfUp(importe * tab.subtotal, tab.total);
  }
  let propina = 0;
  if (tip?.kind === 'percent') propina = roundHalfUp(base * tip.percent, 100);
  else if (tip?.kind === 'amount') propina = tip.cents;
  return { importe, base, propina };
}

/**
 * Parses an amount the diner typed ('2', '2.50', '2,5') into cents; null when
 * it is not a non-negative amount with at most two decimals.
 */
export function parseCents(text: string): number | null {
  const m = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
