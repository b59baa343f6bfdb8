import { useTranslation } from 'react-i18next';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { ActivityLog } from '../components/ActivityLog';

/** 'Actividad' (/equipo/actividad?cliente_id=): the restaurant's audit log, for its owner and the super admin. */
export default function ActivityPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('activity.title')} missingText={t('activity.missingClienteId')}>
      {(clienteId) => <ActivityLog key={clienteId} clienteId={clienteId} />}
    </RestaurantPage>
  );
}
