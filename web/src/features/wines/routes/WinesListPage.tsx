import { useCallback, useId, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { winesKeys, type Vino } from '../api/wines-api';
import { WineList } from '../components/WineList';
import { WineLookupForm } from '../components/WineLookupForm';
import '../dialog.css';
import '../wines.css';

/** The tab of the external lookup and import (?tab=importar; /admin redirects there). */
const IMPORT = 'importar';

/**
 * /list: 'Gestión de Vinos', the one wine page of the restaurant (the super
 * admin names it with ?cliente_id=): the cellar's list, and the external
 * lookup and import (the spec's 'Panel de Administración', /admin) as its
 * second tab.
 */
export default function WinesListPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('wines.listTitle')} missingText={t('wines.missingClienteId')}>
      {(clienteId) => <WinesTabs key={clienteId} clienteId={clienteId} />}
    </RestaurantPage>
  );
}

function WinesTabs({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = params.get('tab') === IMPORT ? IMPORT : 'vinos';
  const onAdded = useCallback(
    (v: Vino) =>
      queryClient.setQueryData<Vino[]>(winesKeys.list(clienteId), (list) => (list ? [v, ...list.filter((w) => w.id !== v.id)] : list)),
    [queryClient, clienteId],
  );
  const keys = ['vinos', IMPORT] as const;
  function show(tab: (typeof keys)[number], focus = false) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (tab === IMPORT) next.set('tab', IMPORT);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );
    if (focus) tabs.current[keys.indexOf(tab)]?.focus();
  }
  // The tabs pattern: arrows, Home and End move between the tabs and show them.
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const at = keys.indexOf(current);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: keys.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(keys[(to + keys.length) % keys.length], true);
  }
  return (
    <>
      <div className="wine-tabs" role="tablist" aria-label={t('wineTabs.label')} onKeyDown={onKeyDown}>
        {keys.map((k, i) => (
          <button
            key={k}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${k}`}
            aria-selected={current === k}
            aria-controls={`${id}-panel-${k}`}
            tabIndex={current === k ? 0 : -1}
            className="wine-tabs__tab"
            onClick={() => show(k)}
          >
            {t(k === IMPORT ? 'wineTabs.import' : 'wineTabs.cellar')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${current}`} aria-labelledby={`${id}-tab-${current}`} className="wine-tabs__panel">
        {current === IMPORT ? <WineLookupForm clienteId={clienteId} onAdded={onAdded} /> : <WineList clienteId={clienteId} />}
      </div>
    </>
  );
}
