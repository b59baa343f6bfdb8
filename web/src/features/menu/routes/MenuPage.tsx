import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DinerDrawerSlot } from '../../account/components/DinerDrawerSlot';
import { MenuScreen } from '../components/MenuScreen';
import { resolveClienteId } from '../lib/menu-view';

/** The restaurant id of a diner page, or the spec's error when there is none. */
export function useMenuClienteId(): string | null {
  const { cliente_id: routeId } = useParams();
  const [params] = useSearchParams();
  return resolveClienteId(routeId, params);
}

export function MissingClienteId() {
  const { t } = useTranslation();
  return (
    <div className="menu-page">
      <main className="menu-main">
        <p className="menu-status menu-status--error" role="alert">
          {t('menu.missingClienteId')}
        </p>
      </main>
    </div>
  );
}

/** Public digital menu: /menu/:cliente_id and /clientes/menu/:cliente_id. */
export default function MenuPage() {
  const clienteId = useMenuClienteId();
  if (!clienteId) return <MissingClienteId />;
  // A signed-in diner also gets their side drawer here (lazy: anonymous visitors never load it).
  return <MenuScreen clienteId={clienteId} headerActions={<DinerDrawerSlot clienteId={clienteId} />} />;
}
