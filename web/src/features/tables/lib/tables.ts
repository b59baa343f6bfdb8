import type { TableRef } from '../../../api/contract';

/** The 'Mesas' page (?cliente_id=): the open tabs. */
export const TABLES_PAGE_PATH = '/mesas';
/** The printable sheet of the tables' QR codes (?cliente_id=). */
export const TABLES_SHEET_PATH = '/mesas/codigos';

/** A table's name as the staff and the diners read it: its own name, else 'Mesa {numero}' (the caller's translation). */
export function tableName(mesa: Pick<TableRef, 'numero' | 'nombre'>, fallback: (numero: number) => string): string {
  return mesa.nombre.trim() || fallback(mesa.numero);
}

/** Text typed as money ('12,50', '12.5', '$12') in cents, or null when it is not an amount ≥ 0. */
export function textToCents(text: string): number | null {
  const clean = text.replace(/[^\d.,]/g, '');
  if (!/^\d+([.,]\d{1,2})?$/.test(clean)) return null;
  const [whole, frac = ''] = clean.split(/[.,]/);
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Cents as an amount to edit ('12.50'). */
export function centsToText(cents: number): string {
  return (Math.max(0, cents) / 100).toFixed(2);
}
