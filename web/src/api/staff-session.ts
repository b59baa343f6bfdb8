import type { SessionInfo } from './contract';
import * as api from './client';

/** POST /api/auth/restaurante: the signed-in person's session acts on another of their restaurants from now on. */
export function switchRestaurant(clienteId: string | number): Promise<SessionInfo> {
  return api.post('/api/auth/restaurante', { body: { cliente_id: Number(clienteId) } });
}
