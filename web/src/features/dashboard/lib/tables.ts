import { API_PREFIX } from '../../../lib/api-client';

/** The public menu's path (the restaurant's general QR code; each table has its own secret code, issue 31). */
export function menuPath(clienteId: string): string {
  return `/menu/${encodeURIComponent(clienteId)}`;
}

/** The QR image of the public menu (GET /api/clientes/{id}/qr). */
export function qrSrc(clienteId: string, format: 'png' | 'svg'): string {
  return `${API_PREFIX}/clientes/${encodeURIComponent(clienteId)}/qr?format=${format}`;
}
