import { useTranslation } from 'react-i18next';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { RedeemVoucherCard } from '../../vouchers';
import '../dashboard.css';

/** 'Canjear cupón' on a page of its own (?cliente_id=): the waiter's, whose role does not open the panel. */
export default function RedeemPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('staffNav.redeem')} missingText={t('categoriesAdmin.missingClienteId')}>
      {(clienteId) => <RedeemVoucherCard key={clienteId} clienteId={clienteId} />}
    </RestaurantPage>
  );
}
