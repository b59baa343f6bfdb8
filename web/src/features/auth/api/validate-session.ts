import { apiFetch } from '../../../lib/api-client';
import type { SessionInfo } from '../../../api/contract';

/** POST /api/auth/validate — checks a stored token and returns its session. */
export function validateSession(token: string): Promise<SessionInfo> {
  return apiFetch<SessionInfo>('/auth/validate', { method: 'POST', token });
}
