import { queryOptions } from '@tanstack/react-query';
import * as api from '../../../api/client';
import type { ResponseBody } from '../../../api/contract';
import { clienteKeys, getCliente } from '../../../api/cliente';

export { clienteKeys };

/** The restaurant's record (the same cache entry as its dashboard's), for webhook_secret_configurado. */
export function clienteQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: clienteKeys.detail(clienteId),
    queryFn: ({ signal }) => getCliente(clienteId, signal),
  });
}

/** PUT /api/clientes/{cliente_id}/webhook-secret (owner or super admin); empty removes it. */
export function saveWebhookSecret(clienteId: string, secret: string): Promise<ResponseBody<'/api/clientes/{cliente_id}/webhook-secret', 'put'>> {
  return api.put('/api/clientes/{cliente_id}/webhook-secret', { path: { cliente_id: clienteId }, body: { webhook_secret: secret } });
}
