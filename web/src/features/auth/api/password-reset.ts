import type { LoginResult, ResponseBody } from '../../../api/contract';
import * as api from '../../../api/client';

export type ResetLinkState = ResponseBody<'/api/auth/restablecer/enlace', 'post'>;

/** POST /api/auth/recuperar (public): e-mails a reset link when an owner or the super admin uses the address; the same answer either way. */
export function requestStaffReset(email: string) {
  return api.post('/api/auth/recuperar', { body: { email }, token: null });
}

/** POST /api/auth/restablecer/enlace (public): whether a staff reset link still works. */
export function staffResetLinkState(token: string, signal: AbortSignal): Promise<ResetLinkState> {
  return api.post('/api/auth/restablecer/enlace', { body: { token }, token: null, signal });
}

/** POST /api/auth/restablecer (public: the link's token is the credential); answers like a sign-in. */
export function resetStaffPassword(token: string, newPassword: string): Promise<LoginResult> {
  return api.post('/api/auth/restablecer', { body: { token, new_password: newPassword }, token: null });
}
