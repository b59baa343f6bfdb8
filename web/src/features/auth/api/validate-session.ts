import { apiFetch } from '../../../lib/api-client';
import type { SessionInfo } from '../../../api/contract';

/**
 * POST /api/auth/validate — checks a stored token and returns its session.
 * The app's entry calls it on every page (the diner menu's too), so it stays
 * on lib/api-client rather than api/client.ts, out of the menu's JavaScript.
 */
export function validateSession(token: string): Promise<SessionInfo> {
  return apiFetch<SessionInfo>('/auth/validate', { method: 'POST', token });
}
