import type { LoginResult, Schemas } from '../../../api/contract';
import { apiFetch } from '../../../lib/api-client';

export type LoginInput = Schemas['Credentials'];

/** POST /api/login — restaurant staff and super admin login. */
export function login(input: LoginInput): Promise<LoginResult | undefined> {
  return apiFetch<LoginResult | undefined>('/login', { method: 'POST', body: input, token: null });
}
