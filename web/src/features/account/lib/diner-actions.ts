import { useEffect } from 'react';
import { isApiError } from '../../../lib/api-client';
import { clearDinerSession, getDinerToken, type DinerSession } from '../../../lib/diner-session';
import { logoutUsuario, touchRestaurante } from '../api/account-api';
import { clearDinerRestaurant, writeDinerRestaurant } from './diner-restaurant';

/**
 * signOutDiner revokes the diner session on the server (POST /api/auth/logout
 * with the diner token) and then clears it from this browser, whatever the
 * server answered. Other tabs see the change through the `storage` event.
 */
export async function signOutDiner(): Promise<void> {
  const token = getDinerToken();
  try {
    if (token) await logoutUsuario(token);
  } catch (err) {
    console.warn('logout', err);
  } finally {
    clearDinerRestaurant();
    clearDinerSession();
  }
}

/**
 * A diner call answered 401 (token revoked, e.g. by a password change on
 * another device, or account gone): sign out locally. The stored restaurant
 * stays, so the diner lands back on its menu.
 */
export function dropDinerSessionOn401(err: unknown): void {
  if (isApiError(err) && err.status === 401) clearDinerSession();
}

let exitTarget: string | null = null;

/**
 * Where the diner pages go when the session ends on purpose (e.g. '/' after
 * deleting the account), instead of the restaurant's menu. Navigations are
 * transitions while the session change renders at once, so the signed-out
 * guard reads this rather than racing the page's own navigate().
 */
export function setDinerExit(path: string | null): void {
  exitTarget = path;
}

export function dinerExit(): string | null {
  return exitTarget;
}

const recorded = new Set<string>();

/**
 * useRecordRestaurant: when a signed-in diner opens a restaurant, remember it
 * as their current one (`cliente_id_actualizado`) and record it on the server
 * (POST /api/usuarios/{id}/restaurantes), once per page load. A failure is
 * only logged: the menu keeps working.
 */
export function useRecordRestaurant(session: DinerSession | null, clienteId: string | null, enabled = true): void {
  const usuarioId = session?.usuarioId ?? null;
  useEffect(() => {
    if (!enabled || !usuarioId || !clienteId) return;
    writeDinerRestaurant(clienteId);
    const key = `${usuarioId}:${clienteId}`;
    if (recorded.has(key)) return;
    recorded.add(key);
    touchRestaurante(usuarioId, clienteId).catch((err: unknown) => {
      recorded.delete(key);
      dropDinerSessionOn401(err);
      console.warn('record restaurant', err);
    });
  }, [enabled, usuarioId, clienteId]);
}

/** Test hook: forget which restaurants were recorded. */
export function resetRecordedRestaurants(): void {
  recorded.clear();
}
