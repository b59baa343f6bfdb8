import { queryOptions } from '@tanstack/react-query';
import * as api from '../../../api/client';
import type { RequestBody } from '../../../api/contract';
import { getPrivacy, type Privacidad } from '../../../api/privacy';

export const privacyKeys = { detail: (clienteId: string) => ['privacidad', clienteId] as const };

/** The restaurant's privacy notice, as diners read it (its owner's text included). */
export function privacyQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: privacyKeys.detail(clienteId),
    queryFn: ({ signal }) => getPrivacy(clienteId, signal),
  });
}

/** PUT /api/clientes/{cliente_id}/privacidad (owner or super admin): the text the owner adds; empty removes it. */
export function savePrivacyText(
  clienteId: string,
  texto: RequestBody<'/api/clientes/{cliente_id}/privacidad', 'put'>['texto'],
): Promise<Privacidad> {
  return api.put('/api/clientes/{cliente_id}/privacidad', { path: { cliente_id: clienteId }, body: { texto } });
}
