import type { LoginResult, RequestBody } from '../../../api/contract';
import * as api from '../../../api/client';

export type SetPasswordInput = RequestBody<'/api/establecer-password', 'post'>;

/** POST /api/establecer-password (public: the link's token is the credential); answers like a sign-in. */
export function setPassword(input: SetPasswordInput): Promise<LoginResult | undefined> {
  return api.post('/api/establecer-password', { body: input, token: null });
}
