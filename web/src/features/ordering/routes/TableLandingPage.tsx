import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../../lib/api-client';
import { getTable } from '../api/ordering-api';
import { saveTable } from '../lib/table-context';

/**
 * What a table's printed QR opens (/mesa/:cliente_id/:codigo): the table is
 * looked up, remembered for this browser tab (lib/table-context.ts), and the
 * diner lands on the ordering page in table mode. An old or guessed code
 * (404): its message and a link to the plain menu.
 */
export default function TableLandingPage() {
  const { t } = useTranslation();
  const { cliente_id: clienteId = '', codigo = '' } = useParams();
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'ok' } | { kind: 'error'; message: string }>({
    kind: 'loading',
  });

  useEffect(() => {
    const controller = new AbortController();
    getTable(clienteId, codigo, controller.signal).then(
      (info) => {
        saveTable(info, codigo);
        setState({ kind: 'ok' });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        // A 404 is the server's ErrTableCode, said here in the page's language: the answer may be
        // the one the page preloaded (internal/web/spa.go), asked in the browser's.
        const message =
          isApiError(err) && err.status === 404 ? t('table.landing.invalid') : errorText(err, t('table.landing.invalid'), t('errors.network'));
        setState({ kind: 'error', message });
      },
    );
    return () => controller.abort();
    // t changes with the language; the lookup does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clienteId, codigo]);

  if (state.kind === 'ok') return <Navigate to={`/ordenar-en-linea/${encodeURIComponent(clienteId)}`} replace />;
  return (
    <section className="table-page">
      <div className="table-panel">
        <h1 className="table-title">{t('table.landing.title')}</h1>
        {state.kind === 'loading' ? (
          <p role="status">{t('table.loading')}</p>
        ) : (
          <>
            <p className="form__error" role="alert">
              {state.message}
            </p>
            <Link className="button button--primary table-button" to={`/menu/${encodeURIComponent(clienteId)}`}>
              {t('table.landing.seeMenu')}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
