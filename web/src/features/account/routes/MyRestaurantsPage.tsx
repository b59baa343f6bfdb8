import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usuarioRestaurantesQueryOptions } from '../api/account-queries';
import { PlateIcon } from '../components/icons';
import { DinerPage, DinerQuery, EmptyState } from '../components/DinerPage';
import { RestaurantList } from '../components/RestaurantList';

/** 'Mis Restaurantes' (/usuario/restaurantes): the restaurants the diner has used, latest first. */
export default function MyRestaurantsPage() {
  const { t } = useTranslation();
  return (
    <DinerPage title={t('account.restaurants.title')}>{({ usuarioId }) => <MyRestaurants usuarioId={usuarioId} />}</DinerPage>
  );
}

function MyRestaurants({ usuarioId }: { usuarioId: string }) {
  const { t } = useTranslation();
  const query = useQuery(usuarioRestaurantesQueryOptions(usuarioId));

  return (
    <DinerQuery query={query} loadError={t('account.restaurants.loadError')}>
      {(items) =>
        items.length === 0 ? (
          <EmptyState
            icon={<PlateIcon />}
            title={t('account.restaurants.emptyTitle')}
            text={t('account.restaurants.emptyText')}
            action={{ to: '/restaurante/seleccion', label: t('account.restaurants.choose') }}
          />
        ) : (
          <RestaurantList items={items} />
        )
      }
    </DinerQuery>
  );
}
