import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { onlineMenuQueryOptions, quoteQueryOptions } from '../api/ordering-queries';
import { checkCart, lineRequests, useCart } from './cart';
import { useLang } from './lang';

/**
 * The stored cart checked against the current online menu, and the
 * server's quote of its valid lines (the cart and checkout pages show these
 * totals; the browser never adds prices up itself).
 */
export function useCheckedCart(clienteId: string) {
  const lang = useLang();
  const lines = useCart(clienteId);
  const menu = useQuery(onlineMenuQueryOptions(clienteId, lang));
  const checked = useMemo(() => (menu.data ? checkCart(lines, menu.data) : []), [lines, menu.data]);
  const requests = useMemo(() => lineRequests(checked), [checked]);
  const quote = useQuery({
    ...quoteQueryOptions(clienteId, requests, lang),
    enabled: menu.isSuccess && requests.length > 0,
    placeholderData: keepPreviousData,
  });
  const valid = checked.filter((c) => c.problem === null);
  return { lines, menu, checked, valid, requests, quote, currency: menu.data?.moneda ?? 'USD' };
}
