import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/Form';
import { useSession } from '../../../app/session/session-context';

/** The outcomes the server's OAuth callback and App Market launch land here with (?resultado=). */
const OUTCOMES = ['conectado', 'caducado', 'otro-comercio', 'rechazado', 'no-disponible', 'sin-app', 'sin-restaurante', 'demasiados'] as const;
type Outcome = (typeof OUTCOMES)[number];

function outcomeOf(raw: string | null): Outcome {
  return (OUTCOMES as readonly string[]).includes(raw ?? '') ? (raw as Outcome) : 'caducado';
}

/**
 * Where Clover's OAuth flow ends (GET /api/clover/oauth/callback and the App
 * Market launch redirect here): says whether the restaurant was connected
 * and, when not, that nothing changed and how to start again: from the
 * restaurant's panel for a signed-in owner or super admin, or by signing in
 * or opening Carta from the Clover App Market again.
 */
export default function CloverConnectionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { session } = useSession();
  const outcome = outcomeOf(params.get('resultado'));
  const ok = outcome === 'conectado';
  const clienteId = /^\d+$/.test(params.get('cliente_id') ?? '') ? params.get('cliente_id') : null;
  const merchantId = params.get('merchant_id') ?? '';

  let next;
  if (session.status === 'loading') {
    next = null;
  } else if (session.status === 'authenticated' && session.isSuperadmin) {
    next = (
      <p className="platform-inline-actions">
        {clienteId && (
          <Link className="button button--primary" to={`/super-admin/dashboard/${clienteId}`}>
            {t('cloverResult.toPanel')}
          </Link>
        )}
        <Link className="button" to="/super-admin/dashboard">
          {t('cloverResult.toDashboard')}
        </Link>
      </p>
    );
  } else if (session.status === 'authenticated' && session.clienteId) {
    next = (
      <p>
        <Link className="button button--primary" to={`/dashboard/${session.clienteId}`}>
          {ok ? t('cloverResult.toPanel') : t('cloverResult.tryAgain')}
        </Link>
      </p>
    );
  } else if (ok) {
    next = (
      <>
        <p>{t('cloverResult.nextSignIn')}</p>
        <p>
          <Link className="button button--primary" to="/login">
            {t('cloverResult.signIn')}
          </Link>
        </p>
      </>
    );
  } else {
    next = (
      <>
        <p>{t('cloverResult.startAgain')}</p>
        <ul>
          <li>
            {t('cloverResult.ownerAgain')} <Link to="/login">{t('cloverResult.signIn')}</Link>
          </li>
          <li>{t('cloverResult.appMarketAgain')}</li>
        </ul>
      </>
    );
  }

  return (
    <section className="card narrow">
      <h1>{t('cloverResult.title')}</h1>
      <Notice message={{ kind: ok ? 'ok' : 'error', text: t(`cloverResult.${outcome}`, { merchantId }) }} />
      {next}
    </section>
  );
}
