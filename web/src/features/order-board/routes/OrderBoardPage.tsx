import { useTranslation } from 'react-i18next';
import { can } from '../../../app/session/roles';
import { useSession } from '../../../app/session/session-context';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { OrderBoard } from '../components/OrderBoard';
import '../controls.css';
import '../order-board.css';

/** 'Pedidos en línea': the kitchen's live board (?cliente_id=, else the owner's restaurant). */
export default function OrderBoardPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  return (
    <RestaurantPage title={t('orderBoard.title')} missingText={t('orderBoard.missingClienteId')}>
      {(clienteId) => (
        <OrderBoard
          key={clienteId}
          clienteId={clienteId}
          powers={{
            pause: can(session, 'pause', clienteId),
            cancel: can(session, 'cancelOrder', clienteId),
            refund: can(session, 'refund', clienteId),
            settings: can(session, 'orderSettings', clienteId),
            soldOut: can(session, 'soldOut', clienteId),
          }}
        />
      )}
    </RestaurantPage>
  );
}
