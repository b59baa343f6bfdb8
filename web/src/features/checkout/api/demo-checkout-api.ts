import { queryOptions } from '@tanstack/react-query';
import type { DemoCheckout, ResponseBody } from '../../../api/contract';
import * as api from '../../../api/client';

/** What Carta's demo hosted-checkout page shows (GET /api/demo/checkout/{session_id}). */
export type DemoCheckoutSession = DemoCheckout;

/** The answer of 'Pagar' and 'Rechazar'; `message` only after an approved payment. */
export type DemoCheckoutResult = ResponseBody<'/api/demo/checkout/{session_id}/pay', 'post'>;

export const demoCheckoutKeys = {
  session: (sessionId: string) => ['demo-checkout', sessionId] as const,
};

export function getDemoCheckout(sessionId: string, signal?: AbortSignal): Promise<DemoCheckoutSession> {
  return api.get('/api/demo/checkout/{session_id}', { path: { session_id: sessionId }, signal, token: null });
}

/** The session as it is now; a failure shows at once. */
export function demoCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: demoCheckoutKeys.session(sessionId),
    queryFn: ({ signal }) => getDemoCheckout(sessionId, signal),
    staleTime: 0,
    retry: false,
  });
}

export function payDemoCheckout(sessionId: string): Promise<DemoCheckoutResult> {
  return api.post('/api/demo/checkout/{session_id}/pay', { path: { session_id: sessionId }, token: null });
}

export function declineDemoCheckout(sessionId: string): Promise<DemoCheckoutResult> {
  return api.post('/api/demo/checkout/{session_id}/decline', { path: { session_id: sessionId }, token: null });
}
