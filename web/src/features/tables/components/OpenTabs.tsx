import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { useNow } from '../../../lib/age';
import { errorText, isApiError } from '../../../lib/api-client';
import { tablesKeys, tabsQueryOptions, type StaffTabs, type Tab } from '../api/tables-api';
import { TabCard } from './TabCard';

/** The open tabs, new tables (waiting for a waiter) first, each with what it owes and its actions. */
export function OpenTabs({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(tabsQueryOptions(clienteId));
  const now = useNow(30_000);

  if (query.isPending) return <p role="status">{t('app.loading')}</p>;
  if (query.isError) {
    const err = query.error;
    return (
      <FormError
        error={isApiError(err) && err.status === 403 ? t('errors.forbidden') : errorText(err, t('tablesPage.loadError'), t('errors.network'))}
      />
    );
  }
  const { cuentas, mesas } = query.data;
  const taken = new Set(cuentas.map((c) => c.mesa.id));
  // 'Mover a…' offers only the tables without an open tab.
  const free = mesas.filter((m) => !taken.has(m.id));
  const sorted = [...cuentas].sort((a, b) => Number(b.estado === 'por_aceptar') - Number(a.estado === 'por_aceptar') || a.abierta_at - b.abierta_at);

  /** The server's answer replaces the tab; a tab paid or closed leaves the list. */
  const onChanged = (tab: Tab) => {
    queryClient.setQueryData<StaffTabs>(tablesKeys.tabs(clienteId), (old) =>
      old
        ? {
            ...old,
            cuentas:
              tab.estado === 'pagada' || tab.estado === 'cerrada'
                ? old.cuentas.filter((c) => c.id !== tab.id)
                : old.cuentas.map((c) => (c.id === tab.id ? tab : c)),
          }
        : old,
    );
    void queryClient.invalidateQueries({ queryKey: tablesKeys.tabs(clienteId) });
  };

  const waiting = cuentas.filter((c) => c.estado === 'por_aceptar').length;
  return (
    <div className="open-tabs">
      <p className="muted">{t('tablesPage.intro')}</p>
      {waiting > 0 && (
        <p className="open-tabs__waiting" role="status">
          {t('tablesPage.waiting', { count: waiting })}
        </p>
      )}
      {sorted.length === 0 ? (
        <p className="muted">{mesas.length === 0 ? t('tablesPage.noTables') : t('tablesPage.empty')}</p>
      ) : (
        <ul className="open-tabs__list">
          {sorted.map((tab) => (
            <TabCard key={tab.id} clienteId={clienteId} tab={tab} freeTables={free} now={now} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </div>
  );
}
