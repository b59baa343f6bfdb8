import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Pedido } from '../../../api/contract';
import { formatZonedTime } from '../lib/zoned-time';
import { OrderLines, OrderPlace } from './OrderDetails';
import { isTableOrder } from '../lib/transitions';

/**
 * The printable ticket of one order. It lives beside the app in <body> and
 * shows only in print (order-board.css: `@media print` hides the app and
 * shows this), so 'Imprimir' prints the ticket and nothing else.
 */
export function PrintTicket({ pedido, zone }: { pedido: Pedido; zone: string }) {
  const { t, i18n } = useTranslation();
  const time = (s: number) => formatZonedTime(s, zone, i18n.language);
  const atTable = isTableOrder(pedido);
  return createPortal(
    <div className="print-ticket" data-testid="print-ticket">
      <p className="print-ticket__restaurant">{pedido.restaurante}</p>
      <h2 className="print-ticket__number">{t('orderBoard.orderNumber', { numero: pedido.numero })}</h2>
      <p className="print-ticket__place">
        <OrderPlace pedido={pedido} />
      </p>
      {!atTable && (
        <p>
          {t('orderBoard.pickupAt', { time: time(pedido.recoger_at) })}
          {pedido.lo_antes_posible ? ` · ${t('orderBoard.asap')}` : ''}
        </p>
      )}
      <p>
        {pedido.nombre}
        {pedido.telefono ? ` · ${pedido.telefono}` : ''}
      </p>
      <p className="print-ticket__meta">
        {t('orderBoard.paidAt', { time: time(pedido.paid_at) })} · {atTable && pedido.estado === 'entregado' ? t('orderBoard.status.servido') : t(`orderBoard.status.${pedido.estado}`)}
      </p>
      <OrderLines pedido={pedido} />
    </div>,
    document.body,
  );
}
