import { useEffect, useState } from 'react';
import { apiFetch } from '../../../lib/api-client';

/**
 * Whether the restaurant takes online orders (GET /api/orders/config:
 * activo); false until the answer arrives and on any failure. Kept tiny and
 * free of TanStack Query: the diner shell's navigation uses it on the menu's
 * first load.
 */
export function useOnlineOrdering(clienteId: string | null): boolean {
  const [active, setActive] = useState<{ id: string; on: boolean } | null>(null);
  useEffect(() => {
    if (!clienteId) return;
    const controller = new AbortController();
    apiFetch<{ activo?: boolean }>(`/orders/config?cliente_id=${encodeURIComponent(clienteId)}`, {
      token: null,
      signal: controller.signal,
    }).then(
      (a) => setActive({ id: clienteId, on: !!a?.activo }),
      () => setActive({ id: clienteId, on: false }),
    );
    return () => controller.abort();
  }, [clienteId]);
  return !!clienteId && active?.id === clienteId && active.on;
}
