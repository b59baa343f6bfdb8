import { useTranslation } from 'react-i18next';
import type { Availability } from '../../../api/contract';
import { endSentence } from '../lib/sentence';
import { formatClock } from '../../../lib/clock';

/**
 * Why no order can be placed now (ordering off, paused, closed, every slot
 * full), as a clear notice; nothing when orders are taken.
 */
export function AvailabilityNotice({ availability }: { availability: Availability | undefined }) {
  const { t, i18n } = useTranslation();
  if (!availability || !availability.motivo) return null;
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const until = availability.pausado_hasta ? formatClock(availability.pausado_hasta, availability.zona_horaria, lang) : '';
  const hours = availability.horario_hoy.map((h) => `${h.abre}–${h.cierra}`).join(', ');
  let text: string;
  switch (availability.motivo) {
    case 'inactivo':
      text = t('ordering.availability.inactivo');
      break;
    case 'pausado':
      // The clock may end in a full stop ('2:45 a.m.'): it ends the sentence then.
      text = until ? endSentence(t('ordering.availability.pausadoHasta', { hora: until })) : t('ordering.availability.pausado');
      break;
    case 'lleno':
      text = t('ordering.availability.lleno');
      break;
    default:
      text = hours ? t('ordering.availability.cerradoHoy', { horario: hours }) : t('ordering.availability.cerrado');
  }
  return (
    <p className="ord-notice ord-notice--closed" role="status" data-testid="availability-notice">
      <strong>{t('ordering.availability.title')}</strong> {text}
    </p>
  );
}

/** Whether an order can be placed now (as soon as possible or a later slot today). */
export function canOrder(a: Availability | undefined): boolean {
  return !!a && !a.motivo && (a.abierto || a.franjas.length > 0);
}
