import { useTranslation } from 'react-i18next';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { WineList } from '../components/WineList';
import '../dialog.css';
import '../wines.css';

/** /list: 'Gestión de Vinos' of the owner's restaurant (the super admin names it with ?cliente_id=). */
export default function WinesListPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('wines.listTitle')} missingText={t('wines.missingClienteId')}>
      {(clienteId) => <WineList key={clienteId} clienteId={clienteId} />}
    </RestaurantPage>
  );
}
