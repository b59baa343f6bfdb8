import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { errorText, isApiError } from '../../../lib/api-client';
import { orderConfigQueryOptions } from '../api/order-board-api';
import { OrderSettingsForm } from '../components/OrderSettingsForm';
import { TablesSettingsSection } from '../components/TablesSettingsForm';
import '../tables-settings.css';
import '../controls.css';
import '../order-board.css';

/** 'Ajustes de pedidos en línea' (?cliente_id=, else the owner's restaurant). */
export default function OrderSettingsPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('orderSettings.title')} missingText={t('orderBoard.missingClienteId')}>
      {(clienteId) => <OrderSettings key={clienteId} clienteId={clienteId} />}
    </RestaurantPage>
  );
}

function OrderSettings({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const query = useQuery(orderConfigQueryOptions(clienteId));
  if (query.isPending) return <p role="status">{t('app.loading')}</p>;
  if (query.isError) {
    const err = query.error;
    return (
      <FormError
        error={
          isApiError(err) && err.status === 403
            ? t('errors.forbidden')
            : errorText(err, t('orderSettings.loadError'), t('errors.network'))
        }
      />
    );
  }
  return (
    <>
      <OrderSettingsForm clienteId={clienteId} initial={query.data} />
      <TablesSettingsSection clienteId={clienteId} />
    </>
  );
}
