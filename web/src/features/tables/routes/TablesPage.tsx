import { useTranslation } from 'react-i18next';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { OpenTabs } from '../components/OpenTabs';
import '../tables.css';

/** 'Mesas' (?cliente_id=): the open tabs of the tables, for the waiters and the managers. */
export default function TablesPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('tablesPage.title')} missingText={t('tablesPage.missingClienteId')}>
      {(clienteId) => <OpenTabs key={clienteId} clienteId={clienteId} />}
    </RestaurantPage>
  );
}
