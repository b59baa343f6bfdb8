import { queryOptions } from '@tanstack/react-query';
import { clienteKeys, getCliente, type Cliente } from '../../../api/cliente';

/** A restaurant as GET /api/clientes/{id} returns it. */
export type { Cliente };
export { clienteKeys, getCliente };

export function getClienteQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: clienteKeys.detail(clienteId),
    queryFn: ({ signal }) => getCliente(clienteId, signal),
  });
}
