import type { LoginResult, RequestBody } from '../../../api/contract';
import { apiFetch } from '../../../lib/api-client';

export type SetPasswordInput = RequestBody<'/api/establecer-password', 'post'>;

/** POST /api/establecer-password (public: the link's token is the credential); answers like a sign-in. */
export function setPassword(input: SetPasswordInput): Promise<LoginResult | undefined> {
  return apiFetch<LoginResult | undefined>('/establecer-password', { method: 'POST', body: input, token: null });
}
