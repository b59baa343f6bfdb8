import type { LoginResult, Schemas } from '../../../api/contract';
import * as api from '../../../api/client';

export type LoginInput = Schemas['Credentials'];

/** POST /api/login — restaurant staff and super admin login. */
export function login(input: LoginInput): Promise<LoginResult | undefined> {
  return api.post('/api/login', { body: input, token: null });
}
