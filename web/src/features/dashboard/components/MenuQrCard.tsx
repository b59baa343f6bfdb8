import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { markQRPrinted } from '../api/first-steps';
import { sectionHref, TABLES_SHEET_PATH } from '../lib/sections';
import { menuPath, qrSrc } from '../lib/tables';

/**
 * The printable QR code of the restaurant's public menu, the menu's address
 * and PNG/SVG downloads; and a link to the sheet of the tables' own codes
 * (each table's secret URL, issue 31). The QR images are public
 * (GET /api/clientes/{id}/qr).
 */
export function MenuQrCard({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Downloading the code is the first-run checklist's 'Imprime los códigos QR'.
  const printed = () => markQRPrinted(queryClient, clienteId);
  const path = menuPath(clienteId);
  const menuUrl = `${window.location.origin}${path}`;
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
          <p className="muted">{t('tables.cardHint')}</p>
          <Link className="button button--primary" to={sectionHref(TABLES_SHEET_PATH, clienteId)}>
            {t('tables.open')}
          </Link>
        </div>
      </div>
    </section>
  );
}
