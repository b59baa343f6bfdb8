import type { LoginResult, ResponseBody } from '../../../api/contract';
import { apiFetch } from '../../../lib/api-client';

export type ResetLinkState = ResponseBody<'/api/auth/restablecer/enlace', 'post'>;

/** POST /api/auth/recuperar (public): e-mails a reset link when an owner or the super admin uses the address; the same answer either way. */
export function requestStaffReset(email: string) {
  return apiFetch<ResponseBody<'/api/auth/recuperar', 'post'>>('/auth/recuperar', { method: 'POST', body: { email }, token: null });
}

/** POST /api/auth/restablecer/enlace (public): whether a staff reset link still works. */
export function staffResetLinkState(token: string, signal: AbortSignal): Promise<ResetLinkState> {
  return apiFetch<ResetLinkState>('/auth/restablecer/enlace', { method: 'POST', body: { token }, token: null, signal });
}

/** POST /api/auth/restablecer (public: the link's token is the credential); answers like a sign-in. */
export function resetStaffPassword(token: string, newPassword: string): Promise<LoginResult> {
  return apiFetch<LoginResult>('/auth/restablecer', { method: 'POST', body: { token, new_password: newPassword }, token: null });
}
