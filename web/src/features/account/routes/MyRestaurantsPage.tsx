import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { accountKeys, listUsuarioRestaurantes } from '../api/account-api';
import { PlateIcon } from '../components/icons';
import { DinerPage, EmptyState, LoadState } from '../components/DinerPage';
import { RestaurantList } from '../components/RestaurantList';
import { dropDinerSessionOn401 } from '../lib/diner-actions';

/** 'Mis Restaurantes' (/usuario/restaurantes): the restaurants the diner has used, latest first. */
export default function MyRestaurantsPage() {
  const { t } = useTranslation();
  return (
    <DinerPage title={t('account.restaurants.title')}>{({ usuarioId }) => <MyRestaurants usuarioId={usuarioId} />}</DinerPage>
  );
}

function MyRestaurants({ usuarioId }: { usuarioId: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: accountKeys.restaurantes(usuarioId),
    queryFn: ({ signal }) => listUsuarioRestaurantes(usuarioId, signal),
  });

  useEffect(() => {
    if (query.isError) dropDinerSessionOn401(query.error);
  }, [query.isError, query.error]);

  if (query.isPending) return <LoadState />;
  if (query.isError)
    return (
      <LoadState
        error={errorText(query.error, t('account.restaurants.loadError'), t('errors.network'))}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.length === 0)
    return (
      <EmptyState
        icon={<PlateIcon />}
        title={t('account.restaurants.emptyTitle')}
        text={t('account.restaurants.emptyText')}
        action={{ to: '/restaurante/seleccion', label: t('account.restaurants.choose') }}
      />
    );
  return <RestaurantList items={query.data} />;
}
