import { useParams, useSearchParams } from 'react-router';
import { resolveClienteId } from './menu-view';

/** The restaurant id of a diner menu page (route, `?menu=`, stored), or null. */
export function useMenuClienteId(): string | null {
  const { cliente_id: routeId } = useParams();
  const [params] = useSearchParams();
  return resolveClienteId(routeId, params);
}
