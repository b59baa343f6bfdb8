import { memo, useId, useState, type CSSProperties } from 'react';
import type { TFunction } from 'i18next';
import type { Vino } from '../api/cava-api';
import { mediaUrl } from '../../../lib/media-url';
import { formatCents } from '../../../lib/money';
import { truncate } from '../lib/text';

/** The description a diner reads: the English one in English when there is one. */
export function wineDescription(v: Vino, lang: string): string {
  return lang === 'en' && v.descripcion_en ? v.descripcion_en : v.descripcion;
}

type Props = {
  vino: Vino;
  /** The list's translation function: one i18n subscription for the list, not one per card. */
  t: TFunction;
  currency: string;
  lang: string;
  style: CSSProperties;
  onOpen: (vino: Vino) => void;
};

/**
 * A wine of the public cava: label, name, origin, price, and the description
 * cut at 150 characters. Memoised: the cava's list renders in steps, and
 * each step leaves the cards already there alone.
 */
export const CavaCard = memo(function CavaCard({ vino, t, currency, lang, style, onOpen }: Props) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const description = wineDescription(vino, lang);
  const short = truncate(description);
  const src = mediaUrl(vino.etiqueta_url);
  const origin = [vino.region, vino.pais].filter(Boolean).join(', ');

  return (
    <li>
      <article className="cava-card" style={style} aria-labelledby={`${id}-name`} data-testid="cava-card">
        {src ? (
          <img className="cava-card__label" src={src} alt="" width={72} height={96} loading="lazy" decoding="async" />
        ) : (
          <span className="cava-card__label cava-card__label--empty" aria-hidden="true" />
        )}
        <div className="cava-card__body">
          <h2 id={`${id}-name`} className="cava-card__name">
            <button type="button" className="cava-card__open" onClick={() => onOpen(vino)} aria-label={t('wines.cava.details', { name: vino.nombre })}>
              {vino.nombre}
            </button>
          </h2>
          <p className="cava-card__meta">
            {[vino.bodega, vino.anio ?? t('wines.sinAnada'), t(`wines.types.${vino.tipo}`, { defaultValue: vino.tipo })]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {origin && <p className="cava-card__meta">{origin}</p>}
          <p className="cava-card__price">
            <strong>{formatCents(vino.precio, currency, lang)}</strong>
            {vino.precio_copa !== null && vino.precio_copa > 0 && (
              <span className="cava-card__glass"> · {t('wines.perGlass', { price: formatCents(vino.precio_copa, currency, lang) })}</span>
            )}
          </p>
          {description && (
            <p className="cava-card__desc" id={`${id}-desc`} lang={lang === 'en' && vino.descripcion_en ? 'en' : 'es'}>
              {expanded || !short.cut ? description : short.text}{' '}
              {short.cut && (
                <button type="button" className="cava-more" aria-expanded={expanded} aria-controls={`${id}-desc`} onClick={() => setExpanded(!expanded)}>
                  {expanded ? t('wines.cava.seeLess') : t('wines.cava.seeMore')}
                </button>
              )}
            </p>
          )}
        </div>
      </article>
    </li>
  );
});
