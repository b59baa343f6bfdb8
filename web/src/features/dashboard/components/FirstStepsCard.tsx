import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORDER_SETTINGS_PATH } from '../../order-board';
import { firstStepsQueryOptions } from '../api/first-steps';
import { sectionHref } from '../lib/sections';

/** Where each step is done. */
function stepHref(clave: string, clienteId: string, panel: string): string {
  switch (clave) {
    case 'pos':
      return `${panel}#${CONNECT_ANCHOR}`;
    case 'menu':
      return sectionHref('/clover-categories', clienteId);
    case 'marca':
      return sectionHref('/settings', clienteId);
    case 'horario':
      return sectionHref(ORDER_SETTINGS_PATH, clienteId);
    case 'pedido':
      return `/ordenar-en-linea/${encodeURIComponent(clienteId)}`;
    default:
      return `${panel}#${QR_ANCHOR}`;
  }
}

/** The panel's anchors of the Clover connection and the QR codes. */
export const CONNECT_ANCHOR = 'conexion-clover';
export const QR_ANCHOR = 'codigos-qr';

/**
 * 'Primeros pasos': what a new restaurant does before its menu is open —
 * connect the POS, sync the menu, the logo and colours, opening hours and
 * ordering, a test order, the QR codes — each ticked from the restaurant's
 * data by the server and linked to where it is done. Gone once all are done.
 */
export function FirstStepsCard({ clienteId, panel }: { clienteId: string; panel: string }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useQuery(firstStepsQueryOptions(clienteId));
  if (query.isPending) return null;
  if (query.isError) {
    return (
      <p className="muted" role="status">
        {t('firstSteps.loadError')}
      </p>
    );
  }
  if (query.data.completo) return null;
  const done = query.data.pasos.filter((p) => p.hecho).length;
  return (
    <section className="panel-section first-steps" aria-labelledby={`${id}-title`} data-testid="first-steps">
      <h2 id={`${id}-title`}>{t('firstSteps.title')}</h2>
      <p className="muted">
        {t('firstSteps.intro')} <strong data-testid="first-steps-progress">{t('firstSteps.progress', { done, total: query.data.pasos.length })}</strong>
      </p>
      <ol className="first-steps__list">
        {query.data.pasos.map((p) => (
          <li key={p.clave} className={`first-steps__step${p.hecho ? ' first-steps__step--done' : ''}`} data-step={p.clave}>
            <span className="first-steps__mark" aria-hidden="true">
              {p.hecho ? '✓' : ''}
            </span>
            <Link to={stepHref(p.clave, clienteId, panel)} className="first-steps__link">
              {t(`firstSteps.${p.clave}`)}
            </Link>
            <span className="first-steps__state">{p.hecho ? t('firstSteps.done') : t('firstSteps.todo')}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
