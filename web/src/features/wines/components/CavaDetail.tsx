import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { mediaUrl } from '../../../lib/media-url';
import { formatCents } from '../../../lib/money';
import type { Vino } from '../api/cava-api';
import { splitList } from '../lib/text';
import { wineDescription } from './CavaCard';

type Props = { vino: Vino; currency: string; lang: string; style: CSSProperties; onClose: () => void };

/** A wine's detail: closes with Escape, the × button or the backdrop; the focus goes back to the card. */
export function CavaDetail({ vino, currency, lang, style, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const src = mediaUrl(vino.etiqueta_url);
  const pairings = splitList(vino.maridaje);
  const rows: [string, string][] = [
    [t('wines.cava.bodega'), vino.bodega],
    [t('wines.cava.anio'), vino.anio === null ? t('wines.sinAnada') : String(vino.anio)],
    [t('wines.fields.tipo'), t(`wines.types.${vino.tipo}`, { defaultValue: vino.tipo })],
    [t('wines.cava.origin'), [vino.region, vino.pais].filter(Boolean).join(', ')],
    [t('wines.cava.uvas'), vino.variedad_uva],
    [t('wines.cava.graduacion'), vino.graduacion ? `${vino.graduacion.toLocaleString(lang)} %` : ''],
  ];

  return (
    <Dialog
      backdropClassName="wine-backdrop"
      className="wine-dialog cava-detail"
      labelledBy={`${id}-title`}
      onClose={onClose}
      initialFocus=".cava-detail__close"
      portal
    >
      <div className="cava-detail__inner" style={style}>
        <div className="cava-detail__head">
          <h2 id={`${id}-title`}>{vino.nombre}</h2>
          <button type="button" className="cava-detail__close" onClick={onClose} aria-label={t('wines.cava.close')}>
            ×
          </button>
        </div>
        <div className="cava-detail__body">
          {src && <img className="cava-detail__label" src={src} alt={t('wines.labelAlt', { name: vino.nombre })} width={160} height={213} />}
          <div>
            <dl className="cava-detail__facts">
              {rows
                .filter(([, value]) => value)
                .map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
            </dl>
            <p className="cava-card__price">
              <strong>
                {t('wines.bottle')}: {formatCents(vino.precio, currency, lang)}
              </strong>
              {vino.precio_copa !== null && vino.precio_copa > 0 && (
                <span>
                  {' '}
                  · {t('wines.glass')}: {formatCents(vino.precio_copa, currency, lang)}
                </span>
              )}
            </p>
          </div>
        </div>
        {wineDescription(vino, lang) && <p>{wineDescription(vino, lang)}</p>}
        {pairings.length > 0 && (
          <>
            <h3 className="cava-detail__sub">{t('wines.cava.maridaje')}</h3>
            <ul className="cava-chips">
              {pairings.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Dialog>
  );
}
