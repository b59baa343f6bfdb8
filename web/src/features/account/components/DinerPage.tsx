import { useEffect, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { useDinerSession } from '../../../lib/diner-session';
import { errorText } from '../../../lib/api-client';
import { dinerExit, dropDinerSessionOn401, setDinerExit } from '../lib/diner-actions';
import { dinerClienteId } from '../lib/diner-restaurant';
import '../account.css';

export type DinerContext = { usuarioId: string; clienteId: string | null };

/** Where a signed-out visitor of a diner page goes: the restaurant's menu, else the restaurant list. */
export function signedOutTarget(clienteId: string | null): string {
  return clienteId ? `/restaurante/${encodeURIComponent(clienteId)}` : '/restaurante/seleccion';
}

/**
 * The diner's own pages (account, purchases, points, restaurants), inside
 * the diner shell (its header leads back to the menu and holds the diner's
 * drawer): signed-out visitors are sent to the restaurant's menu (where the
 * registration dialog is), signed-in ones get the page title. The
 * restaurant comes from `?menu=`, else the stored one.
 */
export function DinerPage({ title, children }: { title: string; children: (ctx: DinerContext) => ReactNode }) {
  const session = useDinerSession();
  const [params] = useSearchParams();
  const clienteId = dinerClienteId(params);

  // Once the signed-out redirect below has been committed, an exit target is spent.
  useEffect(() => {
    if (!session) setDinerExit(null);
  });

  if (!session) return <Navigate to={dinerExit() ?? signedOutTarget(clienteId)} replace />;
  return (
    <div className="acct-page">
      <div className="acct-page__head">
        <h1 className="acct-page__title">{title}</h1>
      </div>
      {children({ usuarioId: session.usuarioId, clienteId })}
    </div>
  );
}

/** A designed empty state: a round icon, a title, a line of help and an optional action. */
export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: { to: string; label: string };
}) {
  return (
    <div className="acct-empty">
      <span className="acct-empty__icon" aria-hidden="true">
        {icon}
      </span>
      <h2 className="acct-empty__title">{title}</h2>
      <p className="acct-empty__text">{text}</p>
      {action && (
        <Link className="button button--primary" to={action.to}>
          {action.label}
        </Link>
      )}
    </div>
  );
}

/**
 * A diner page's read: its loading state, its error with a retry, and the
 * loaded data handed to children. A 401 (the diner's session ended
 * elsewhere) drops the stored session, which sends the page away.
 */
export function DinerQuery<T>({
  query,
  loadError,
  children,
}: {
  query: UseQueryResult<T>;
  loadError: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    if (query.isError) dropDinerSessionOn401(query.error);
  }, [query.isError, query.error]);
  if (query.isPending) return <LoadState />;
  if (query.isError)
    return <LoadState error={errorText(query.error, loadError, t('errors.network'))} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** Loading / error states of a diner page's list. */
export function LoadState({ error, onRetry }: { error?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (!error)
    return (
      <p className="acct-status" role="status">
        {t('app.loading')}
      </p>
    );
  return (
    <div className="acct-status">
      <FormError error={error} />
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('errors.retry')}
        </button>
      )}
    </div>
  );
}
