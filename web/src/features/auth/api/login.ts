import { apiFetch } from '../../../lib/api-client';
import type { LoginResponse } from './types';

export type LoginInput = { email: string; password: string };

/** POST /api/login — restaurant staff and super admin login. */
export function login(input: LoginInput): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/login', { method: 'POST', body: input, token: null });
}
