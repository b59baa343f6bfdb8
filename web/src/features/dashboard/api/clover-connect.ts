import type { ResponseBody } from '../../../api/contract';
import * as api from '../../../api/client';

export type CloverConnectStart = ResponseBody<'/api/clientes/{cliente_id}/clover/conectar', 'post'>;

/**
 * POST /api/clientes/{cliente_id}/clover/conectar (owner or super admin):
 * starts connecting the restaurant to Clover and answers where to send the
 * browser (Clover's authorize page, which comes back to Carta's callback).
 */
export function startCloverConnect(clienteId: string): Promise<CloverConnectStart> {
  return api.post('/api/clientes/{cliente_id}/clover/conectar', { path: { cliente_id: clienteId } });
}
