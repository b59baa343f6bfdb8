import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Vino } from '../../../api/contract';
import { apiFetch } from '../../../lib/api-client';
import { useFetch } from '../../../lib/fetch-cache';
import { menuKeys } from '../api/menu-api';

/** How long after the menu's first paint the cava is asked about (the menu's own reads go first). */
const DELAY_MS = 1200;
/** The longest it then waits for the browser to be idle: a busy page (a video, a slow phone) must still get the link. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * A floating link to the restaurant's cava (/cava/:id) when it has wines
 * to show. It asks only once the menu has painted and the browser is idle,
 * and the answer (GET /api/vinos, cached by the server) warms the cava page.
 * Fixed in place: no layout shift when it appears.
 */
export function CavaLink({ clienteId }: { clienteId: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle = 0;
    const timer = setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS });
      else setReady(true);
    }, DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (idle) window.cancelIdleCallback?.(idle);
    };
  }, []);
  return ready ? <CavaLinkLoaded clienteId={clienteId} /> : null;
}

function CavaLinkLoaded({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const wines = useFetch(menuKeys.wines(clienteId), async () => {
    const list = await apiFetch<Vino[] | undefined>(`/vinos?cliente_id=${encodeURIComponent(clienteId)}`, { token: null });
    return (list ?? []).filter((v) => v.disponible === 1).length;
  });
  if (!wines.isSuccess || wines.data === 0) return null;
  return (
    <Link to={`/cava/${clienteId}`} className="menu-cava-link" data-testid="menu-cava-link">
      {t('menu.cavaLink')}
    </Link>
  );
}
