import { apiFetch } from '../../../lib/api-client';

/** What Carta's demo hosted-checkout page shows (GET /api/demo/checkout/{session_id}). */
export type DemoCheckoutSession = {
  descripcion: string;
  subtotal: number;
  fee: number;
  total: number;
  moneda: string;
  restaurante: string;
  estado: 'pendiente' | 'pagado' | 'fallido' | 'expirado' | 'canjeado' | string;
  cliente_id: number;
  expires_at: number;
};

export type DemoCheckoutResult = { estado: string; message?: string; compra_id?: number; cliente_id: number };

const seg = (s: string) => encodeURIComponent(s);

export function getDemoCheckout(sessionId: string, signal?: AbortSignal): Promise<DemoCheckoutSession> {
  return apiFetch<DemoCheckoutSession>(`/demo/checkout/${seg(sessionId)}`, { signal, token: null });
}

export function payDemoCheckout(sessionId: string): Promise<DemoCheckoutResult> {
  return apiFetch<DemoCheckoutResult>(`/demo/checkout/${seg(sessionId)}/pay`, { method: 'POST', token: null });
}

export function declineDemoCheckout(sessionId: string): Promise<DemoCheckoutResult> {
  return apiFetch<DemoCheckoutResult>(`/demo/checkout/${seg(sessionId)}/decline`, { method: 'POST', token: null });
}
