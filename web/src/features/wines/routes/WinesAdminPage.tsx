import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { winesKeys, type Vino } from '../api/wines-api';
import { WineList } from '../components/WineList';
import { WineLookupForm } from '../components/WineLookupForm';
import '../dialog.css';
import '../wines.css';

/** /admin: 'Panel de Administración' — the wine lookup and import, then the cellar's list. */
export default function WinesAdminPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('wines.adminTitle')} missingText={t('wines.missingClienteId')}>
      {(clienteId) => <WinesAdmin key={clienteId} clienteId={clienteId} />}
    </RestaurantPage>
  );
}

function WinesAdmin({ clienteId }: { clienteId: string }) {
  const queryClient = useQueryClient();
  const onAdded = useCallback(
    (v: Vino) =>
      queryClient.setQueryData<Vino[]>(winesKeys.list(clienteId), (list) => (list ? [v, ...list.filter((w) => w.id !== v.id)] : list)),
    [queryClient, clienteId],
  );
  return (
    <>
      <WineLookupForm clienteId={clienteId} onAdded={onAdded} />
      <WineList clienteId={clienteId} />
    </>
  );
}
