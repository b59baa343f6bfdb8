import type { EstadoPedido, OrderConfig } from '../../../api/contract';
import { minutesSince } from '../../../lib/age';

/** How late an order is on the board: in time, amber (nearly late), red (late). */
export type Lateness = 'ok' | 'ambar' | 'rojo';

/**
 * The board's thresholds in minutes since an order was paid, as the server
 * has them (internal/ordering Config.Avisos): the owner's, or amber at the
 * preparation time (at least 5 minutes) and red at twice that.
 */
export function thresholds(cfg: Pick<OrderConfig, 'aviso_ambar_min' | 'aviso_rojo_min' | 'preparacion_min'>): {
  ambar: number;
  rojo: number;
} {
  if (cfg.aviso_ambar_min > 0 && cfg.aviso_rojo_min > cfg.aviso_ambar_min) return { ambar: cfg.aviso_ambar_min, rojo: cfg.aviso_rojo_min };
  const ambar = Math.max(cfg.preparacion_min, 5);
  return { ambar, rojo: 2 * ambar };
}

/** The states the kitchen still has to work on: only these can be late. */
const KITCHEN: readonly EstadoPedido[] = ['recibido', 'en_preparacion'];

/** How late an order paid at `paidAt` is at `now` (Unix seconds). */
export function lateness(
  estado: EstadoPedido,
  paidAt: number,
  now: number,
  limits: { ambar: number; rojo: number },
): Lateness {
  if (!KITCHEN.includes(estado) || !paidAt) return 'ok';
  const age = minutesSince(paidAt, now);
  if (age >= limits.rojo) return 'rojo';
  if (age >= limits.ambar) return 'ambar';
  return 'ok';
}
