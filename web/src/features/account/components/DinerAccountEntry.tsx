import { useTranslation } from 'react-i18next';
import { useDinerSession } from '../../../lib/diner-session';
import { DinerDrawerSlot } from './DinerDrawerSlot';
import { preloadRegistration } from './RestauranteDiner';

/**
 * The account entry of the diner's header: the signed-in diner's drawer,
 * else a 'Registrarse' button that opens the registration dialog.
 */
export function DinerAccountEntry({ clienteId, onRegister }: { clienteId: string | null; onRegister: () => void }) {
  const { t } = useTranslation();
  const session = useDinerSession();
  if (session) return <DinerDrawerSlot clienteId={clienteId} />;
  return (
    <button
      type="button"
      className="diner-register"
      aria-haspopup="dialog"
      onClick={onRegister}
      onPointerEnter={preloadRegistration}
      onFocus={preloadRegistration}
    >
      {t('shell.register')}
    </button>
  );
}
