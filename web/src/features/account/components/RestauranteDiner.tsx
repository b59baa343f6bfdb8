import { lazy, Suspense, useState } from 'react';
import { useMatch } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDinerShell } from '../../../components/DinerShell';
import { useDinerSession } from '../../../lib/diner-session';
import { useRecordRestaurant } from '../lib/diner-actions';
import { readDinerRestaurant } from '../lib/diner-restaurant';
import type { AuthMode } from './AuthDialog';
import '../account.css';

const loadAuthDialog = () => import('./AuthDialog');
const AuthDialog = lazy(loadAuthDialog);

/**
 * The redirect rule of /restaurante/{cliente_id} (spec "Public menu
 * screen"): a signed-in diner whose stored restaurant (cliente_id_actualizado)
 * is missing or differs goes to /usuario/{usuario_id}?menu={cliente_id}.
 * Only the bare /restaurante/{id} route redirects: /restaurante/{id}/menu,
 * where the auth dialog lands, always shows the menu. When the menu is shown
 * to a signed-in diner, the restaurant is recorded as theirs.
 */
export function useRestauranteDinerRedirect(clienteId: string | null): string | null {
  const session = useDinerSession();
  const bareRoute = useMatch('/restaurante/:cliente_id') !== null;
  const redirect =
    session && clienteId && bareRoute && readDinerRestaurant() !== clienteId
      ? `/usuario/${encodeURIComponent(session.usuarioId)}?menu=${encodeURIComponent(clienteId)}`
      : null;
  useRecordRestaurant(session, clienteId, redirect === null);
  return redirect;
}

/** The registration dialog (its code loads when it first opens); `initialMode` 'login' opens it on signing in. */
export function RegistrationDialog({
  clienteId,
  onClose,
  initialMode,
}: {
  clienteId: string | null;
  onClose: () => void;
  initialMode?: AuthMode;
}) {
  return (
    <Suspense fallback={null}>
      <AuthDialog clienteId={clienteId} onClose={onClose} initialMode={initialMode} />
    </Suspense>
  );
}

/** Starts loading the registration dialog's code (on hover or focus of a button that opens it). */
export const preloadRegistration = () => void loadAuthDialog();

/**
 * 'Registrarse para más funciones' for visitors not signed in; opens the
 * auth dialog: the diner shell's one (useDinerShell), else its own.
 */
export function RegisterCallToAction({ clienteId }: { clienteId: string | null }) {
  const { t } = useTranslation();
  const session = useDinerSession();
  const shell = useDinerShell();
  const [open, setOpen] = useState(false);
  if (session) return null;
  return (
    <>
      <section className="acct-cta" aria-label={t('account.cta.label')} data-testid="register-cta">
        <p className="acct-cta__text">{t('account.cta.text')}</p>
        <button
          type="button"
          className="button button--primary"
          aria-haspopup="dialog"
          onClick={() => (shell ? shell.openRegister() : setOpen(true))}
          onPointerEnter={preloadRegistration}
          onFocus={preloadRegistration}
        >
          {t('account.cta.button')}
        </button>
      </section>
      {open && <RegistrationDialog clienteId={clienteId} onClose={() => setOpen(false)} />}
    </>
  );
}
