import { useTranslation } from 'react-i18next';
import type { Cliente, Estado } from '../api/platform-api';

/** A restaurant's estado, translated, as a coloured chip with a dot (the word carries it, not the colour). */
export function EstadoBadge({ estado }: { estado: Estado }) {
  const { t } = useTranslation();
  return <span className={`platform-badge platform-badge--${estado}`}>{t(`platform.estado.${estado}`)}</span>;
}

/**
 * The restaurant's point-of-sale connection: 'Reconectar' when the POS
 * refused it, 'Conectado' (with the provider) when it works, else 'Sin
 * conectar'.
 */
export function PosBadge({ cliente: c }: { cliente: Cliente }) {
  const { t } = useTranslation();
  const provider = c.pos_provider === 'clover' ? 'Clover' : c.pos_provider === 'demo' ? t('platform.posDemo') : '';
  let state: 'reconectar' | 'conectado' | 'sin-conectar';
  if (c.pos_reconectar) state = 'reconectar';
  else if (c.pos_conectado) state = 'conectado';
  else state = 'sin-conectar';
  const text = { reconectar: t('platform.reconnect'), conectado: t('platform.posConnected'), 'sin-conectar': t('platform.posNotConnected') }[state];
  return (
    <span className="platform-cell">
      <span className={`platform-badge platform-badge--pos-${state}`}>{text}</span>
      {provider && state !== 'sin-conectar' && <span className="platform-sub">{provider}</span>}
    </span>
  );
}
