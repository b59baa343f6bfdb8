import { API_PREFIX } from '../../../lib/api-client';

/** The most tables a printable sheet holds (the server accepts table numbers 1–500). */
export const MAX_TABLES = 500;

/** A table count from a query or an input: a whole number from 1 to MAX_TABLES, else null. */
export function parseTables(raw: string | null | undefined): number | null {
  const text = (raw ?? '').trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_TABLES ? n : null;
}

/** The public menu's path, of one table when mesa is given. */
export function menuPath(clienteId: string, mesa?: number): string {
  const path = `/menu/${encodeURIComponent(clienteId)}`;
  return mesa ? `${path}?mesa=${mesa}` : path;
}

/** The QR image of the menu (of one table's menu when mesa is given). */
export function qrSrc(clienteId: string, format: 'png' | 'svg', mesa?: number): string {
  const base = `${API_PREFIX}/clientes/${encodeURIComponent(clienteId)}/qr?format=${format}`;
  return mesa ? `${base}&mesa=${mesa}` : base;
}
