import { useTranslation } from 'react-i18next';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { OrderBoard } from '../components/OrderBoard';
import '../controls.css';
import '../order-board.css';

/** 'Pedidos en línea': the kitchen's live board (?cliente_id=, else the owner's restaurant). */
export default function OrderBoardPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('orderBoard.title')} missingText={t('orderBoard.missingClienteId')}>
      {(clienteId) => <OrderBoard key={clienteId} clienteId={clienteId} />}
    </RestaurantPage>
  );
}
