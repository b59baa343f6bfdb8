import { useSearchParams } from 'react-router';
import type { Producto } from '../../../api/contract';
import { useSession } from '../../../app/session/session-context';

/** The merchant id for creating a category: ?merchant_id=, else the session's. */
export function useMerchantId(): string | null {
  const [params] = useSearchParams();
  const { session } = useSession();
  const fromQuery = params.get('merchant_id')?.trim();
  if (fromQuery) return fromQuery;
  return session.status === 'authenticated' ? session.merchantId : null;
}

/** Lower case without accents, for searching names. */
export function fold(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Does the product's Spanish or English name contain the search text? */
export function matchesSearch(p: Producto, search: string): boolean {
  const needle = fold(search);
  if (!needle) return true;
  return fold(p.name).includes(needle) || fold(p.translations?.en?.name).includes(needle);
}
