import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { switchRestaurant } from '../../../api/staff-session';
import { homePathFor, sessionHome } from '../../../app/session/roles';
import { useSession } from '../../../app/session/session-context';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import './pick-restaurant.css';

/**
 * '/elegir-restaurante': a person who works at several restaurants picks
 * the one to open after signing in (their session acts on it from then on);
 * with one restaurant (or none) there is nothing to pick.
 */
export default function PickRestaurantPage() {
  const { t } = useTranslation();
  const { session, setInfo } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (session.status !== 'authenticated') return null;
  if (session.restaurantes.length < 2) return <Navigate to={sessionHome(session)} replace />;

  async function pick(clienteId: number) {
    if (busy !== null) return;
    setBusy(clienteId);
    setError(null);
    try {
      const info = await switchRestaurant(clienteId);
      setInfo(info);
      void navigate(homePathFor(false, String(info.cliente_id ?? clienteId), info.rol || null), { replace: true });
    } catch (err) {
      setError(errorText(err, t('roles.pickError'), t('errors.network')));
      setBusy(null);
    }
  }

  return (
    <section className="card narrow">
      <h1>{t('roles.pickTitle')}</h1>
      <p>{t('roles.pickIntro')}</p>
      <ul className="pick-list">
        {session.restaurantes.map((r) => (
          <li key={r.cliente_id}>
            <button
              type="button"
              className="button pick-list__item"
              onClick={() => void pick(r.cliente_id)}
              disabled={busy !== null}
              aria-busy={busy === r.cliente_id}
            >
              <strong>{r.nombre}</strong>
              <span className="pick-list__role">{t('roles.pickAs', { role: t(`roles.name.${r.rol}`) })}</span>
            </button>
          </li>
        ))}
      </ul>
      <FormError error={error} />
    </section>
  );
}
