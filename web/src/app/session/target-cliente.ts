import { useSearchParams } from 'react-router';
import { useSession } from './session-context';

/**
 * The restaurant a staff page acts on: ?cliente_id=, else the signed-in
 * owner's. The spec wants a valid integer; anything else counts as missing
 * (the page says so instead of sending a request the server refuses).
 */
export function useTargetClienteId(): string | null {
  const [params] = useSearchParams();
  const { session } = useSession();
  const fromQuery = params.get('cliente_id')?.trim();
  const id = fromQuery || (session.status === 'authenticated' ? session.clienteId : null);
  return id && /^\d+$/.test(id) ? id : null;
}
