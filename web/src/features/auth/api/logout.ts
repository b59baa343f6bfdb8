import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/logout — revokes the token on the server (204). In the app's entry, like validate-session.ts. */
export function logout(token: string): Promise<void> {
  return apiFetch<void>('/auth/logout', { method: 'POST', token });
}
