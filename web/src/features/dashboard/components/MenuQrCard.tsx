import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Form';
import { markQRPrinted } from '../api/first-steps';
import { sectionHref, TABLES_PATH } from '../lib/sections';
import { MAX_TABLES, menuPath, parseTables, qrSrc } from '../lib/tables';

/**
 * The printable QR code of the restaurant's public menu, the menu's address
 * and PNG/SVG downloads; and the sheet of one QR code per table (each
 * carries its table number in the URL). The QR images are public
 * (GET /api/clientes/{id}/qr).
 */
export function MenuQrCard({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [tables, setTables] = useState('10');
  const queryClient = useQueryClient();
  // Downloading the code is the first-run checklist's 'Imprime los códigos QR'.
  const printed = () => markQRPrinted(queryClient, clienteId);
  const count = parseTables(tables);
  const path = menuPath(clienteId);
  const menuUrl = `${window.location.origin}${path}`;
  const sheet = `${sectionHref(TABLES_PATH, clienteId)}&mesas=${count ?? ''}`;
  return (
    <section className="panel-section qr-card" aria-labelledby="qr-card-title">
      <img className="qr-card__image" src={qrSrc(clienteId, 'svg')} alt={t('dashboard.qrAlt')} width={160} height={160} loading="lazy" decoding="async" />
      <div className="qr-card__body">
        <h2 id="qr-card-title">{t('dashboard.qrTitle')}</h2>
        <p className="muted">{t('dashboard.qrHint')}</p>
        <p>
          <span className="muted">{t('dashboard.menuLink')}: </span>
          <a href={path} target="_blank" rel="noopener" data-testid="menu-url">
            {menuUrl}
          </a>
        </p>
        <div className="qr-card__links">
          <a className="button" href={qrSrc(clienteId, 'png')} download={`menu-${clienteId}-qr.png`} onClick={printed}>
            {t('dashboard.downloadPng')}
          </a>
          <a className="button" href={qrSrc(clienteId, 'svg')} download={`menu-${clienteId}-qr.svg`} onClick={printed}>
            {t('dashboard.downloadSvg')}
          </a>
        </div>
        <div className="qr-card__tables">
          <Field id={`${id}-tables`} label={t('tables.count')}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_TABLES}
                value={tables}
                onChange={(e) => setTables(e.currentTarget.value)}
                aria-invalid={count === null}
                aria-describedby={`${id}-tables-hint`}
              />
            )}
          </Field>
          {count === null ? (
            <p id={`${id}-tables-hint`} className="form__error">
              {t('tables.invalid', { max: MAX_TABLES })}
            </p>
          ) : (
            <p id={`${id}-tables-hint`} className="muted">
              {t('tables.hint', { example: `${path}?mesa=7` })}
            </p>
          )}
          {count !== null && (
            <Link className="button button--primary" to={sheet}>
              {t('tables.open')}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
