import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../lib/api-client';

/**
 * 'Ordena en Línea' on a restaurant's menu, shown only when the restaurant
 * takes online orders (GET /api/orders/config: activo). Kept tiny and free
 * of TanStack Query: it is part of the diner menu's first load.
 */
export function OrderOnlineLink({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<{ activo?: boolean }>(`/orders/config?cliente_id=${encodeURIComponent(clienteId)}`, {
      token: null,
      signal: controller.signal,
    }).then(
      (a) => setActive(!!a?.activo),
      () => setActive(false),
    );
    return () => controller.abort();
  }, [clienteId]);
  if (!active) return null;
  return (
    <Link className="order-online-link" to={`/ordenar-en-linea/${encodeURIComponent(clienteId)}`}>
      <span aria-hidden="true">🛍️</span> {t('ordering.menuLink')}
    </Link>
  );
}
