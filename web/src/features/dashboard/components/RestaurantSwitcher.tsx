import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { switchRestaurant } from '../../../api/staff-session';
import { samePageAt } from '../../../app/session/roles';
import { useSession } from '../../../app/session/session-context';
import { errorText } from '../../../lib/api-client';

/**
 * The restaurant's name as a choice of the person's restaurants (with their
 * role at each): choosing one makes the session act on it (POST
 * /api/auth/restaurante) and opens the same page there, or the role's home
 * when the role does not open that page there.
 */
export function RestaurantSwitcher({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { session, setInfo } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (session.status !== 'authenticated') return null;
  const restaurantes = session.restaurantes;

  async function choose(to: string) {
    if (to === clienteId || busy) return;
    setBusy(true);
    setError(null);
    try {
      const info = await switchRestaurant(to);
      setInfo(info);
      const rol = info.rol || restaurantes.find((r) => String(r.cliente_id) === to)?.rol;
      void navigate(rol ? samePageAt(location, to, rol) : `/dashboard/${to}`);
    } catch (err) {
      setError(errorText(err, t('roles.switchError'), t('errors.network')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="staff-switcher">
      <label htmlFor={id} className="staff-switcher__label">
        {t('roles.switcherLabel')}
      </label>
      <select
        id={id}
        className="staff-switcher__select"
        value={clienteId}
        disabled={busy}
        aria-busy={busy}
        data-testid="restaurant-switcher"
        onChange={(e) => void choose(e.target.value)}
      >
        {restaurantes.map((r) => (
          <option key={r.cliente_id} value={String(r.cliente_id)}>
            {t('roles.option', { nombre: r.nombre, role: t(`roles.name.${r.rol}`) })}
          </option>
        ))}
      </select>
      {busy && (
        <span role="status" className="muted">
          {t('roles.switching')}
        </span>
      )}
      {error && (
        <span role="alert" className="form__error">
          {error}
        </span>
      )}
    </span>
  );
}
