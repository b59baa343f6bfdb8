import { useTranslation } from 'react-i18next';
import type { Estado } from '../api/platform-api';

/** A restaurant's estado, translated, as a coloured badge. */
export function EstadoBadge({ estado }: { estado: Estado }) {
  const { t } = useTranslation();
  return <span className={`platform-badge platform-badge--${estado}`}>{t(`platform.estado.${estado}`)}</span>;
}
