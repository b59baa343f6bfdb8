import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/dates';
import { campaignKeys, cancelCampaign, sendCampaign, type Campana } from '../api/campaigns-api';

const COUNTS = ['en_cola', 'enviados', 'entregados', 'fallidos', 'bajas'] as const;

/** The restaurant's campaigns with their state and what became of their messages. */
export function CampaignList({ clienteId, campaigns }: { clienteId: string; campaigns: Campana[] }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: campaignKeys.list(clienteId) });
  const cancel = useMutation({ mutationFn: (id: number) => cancelCampaign(clienteId, id), onSuccess: refresh });
  const send = useMutation({ mutationFn: (id: number) => sendCampaign(clienteId, id), onSuccess: refresh });
  if (campaigns.length === 0) return <p className="muted">{t('campaigns.empty')}</p>;
  const err = cancel.error ?? send.error;
  return (
    <>
      <FormError error={err ? errorText(err, t('campaigns.saveError'), t('errors.network')) : null} />
      <div className="table-scroll">
        <table className="campaign-table">
          <thead>
            <tr>
              <th scope="col">{t('campaigns.name')}</th>
              <th scope="col">{t('campaigns.channel')}</th>
              <th scope="col">{t('campaigns.state')}</th>
              {COUNTS.map((k) => (
                <th key={k} scope="col">
                  {t(`campaigns.counts.${k}`)}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{t('campaigns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((c) => (
              <tr key={c.id} data-testid="campaign-row">
                <th scope="row">{c.nombre}</th>
                <td>{t(`campaigns.channels.${c.canal}`)}</td>
                <td>
                  {t(`campaigns.states.${c.estado}`)}
                  {c.estado === 'programada' && c.programada_at > 0 && <> · {formatTimestamp(c.programada_at, i18n.language)}</>}
                </td>
                {COUNTS.map((k) => (
                  <td key={k} data-count={k}>
                    {c.cuentas[k]}
                  </td>
                ))}
                <td>
                  {c.estado === 'borrador' && (
                    <button type="button" className="button" disabled={send.isPending} onClick={() => send.mutate(c.id)}>
                      {t('campaigns.sendNow')}
                    </button>
                  )}
                  {(c.estado === 'borrador' || c.estado === 'programada' || c.estado === 'enviando') && (
                    <button type="button" className="button" disabled={cancel.isPending} onClick={() => cancel.mutate(c.id)}>
                      {t('campaigns.cancel')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
