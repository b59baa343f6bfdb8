import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { restaurantesQueryOptions } from '../api/account-queries';
import { PlateIcon } from '../components/icons';
import { EmptyState, LoadState } from '../components/DinerPage';
import { RestaurantList } from '../components/RestaurantList';
import '../account.css';

/**
 * /restaurante/seleccion and /seleccionar-cliente (public): pick a
 * restaurant (GET /api/restaurantes); each opens /restaurante/{id}.
 */
export default function SelectRestaurantPage() {
  const { t } = useTranslation();
  const query = useQuery(restaurantesQueryOptions());

  let body;
  if (query.isPending) body = <LoadState />;
  else if (query.isError)
    body = (
      <LoadState
        error={errorText(query.error, t('account.select.loadError'), t('errors.network'))}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.length === 0)
    body = <EmptyState icon={<PlateIcon />} title={t('account.select.emptyTitle')} text={t('account.select.emptyText')} />;
  else body = <RestaurantList items={query.data} />;

  return (
    <div className="acct-page">
      <div className="acct-page__head">
        <h1 className="acct-page__title">{t('account.select.title')}</h1>
      </div>
      <p className="muted">{t('account.select.intro')}</p>
      {body}
    </div>
  );
}
