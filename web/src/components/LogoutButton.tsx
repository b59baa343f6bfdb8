import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session/session-context';

/** Revokes the staff session and returns to /login. */
export function LogoutButton() {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await signOut();
        void navigate('/login', { replace: true });
      }}
    >
      {t('auth.logout')}
    </button>
  );
}
