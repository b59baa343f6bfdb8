import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { errorText } from '../../../lib/api-client';
import { campaignKeys, listCampaigns } from '../api/campaigns-api';
import { CampaignComposer } from '../components/CampaignComposer';
import { CampaignList } from '../components/CampaignList';
import '../campaigns.css';

/** How often the list refreshes while a campaign is scheduled or being sent. */
const LIVE_MS = 5000;

/** 'Campañas': compose, preview, send or schedule, and follow the restaurant's campaigns. */
export default function CampaignsPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('campaigns.title')} missingText={t('campaigns.missingClienteId')}>
      {(clienteId) => <Campaigns clienteId={clienteId} />}
    </RestaurantPage>
  );
}

function Campaigns({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: campaignKeys.list(clienteId),
    queryFn: ({ signal }) => listCampaigns(clienteId, signal),
    refetchInterval: (q) => (q.state.data?.some((c) => c.estado === 'programada' || c.estado === 'enviando') ? LIVE_MS : false),
  });
  return (
    <>
      <p className="muted">{t('campaigns.intro')}</p>
      <CampaignComposer clienteId={clienteId} />
      <section aria-labelledby="campaigns-list" className="campaign-list">
        <h2 id="campaigns-list">{t('campaigns.list')}</h2>
        {list.isPending ? (
          <p role="status">{t('campaigns.loading')}</p>
        ) : list.isError ? (
          <FormError error={errorText(list.error, t('campaigns.loadError'), t('errors.network'))} />
        ) : (
          <CampaignList clienteId={clienteId} campaigns={list.data} />
        )}
      </section>
    </>
  );
}
