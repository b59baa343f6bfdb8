import { useTranslation } from 'react-i18next';
import { API_PREFIX } from '../../../lib/api-client';

/**
 * The printable QR code of the restaurant's public menu, the menu's address
 * and PNG/SVG downloads. The QR image is public (GET /api/clientes/{id}/qr).
 */
export function MenuQrCard({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const id = encodeURIComponent(clienteId);
  const qr = (format: 'png' | 'svg') => `${API_PREFIX}/clientes/${id}/qr?format=${format}`;
  const menuPath = `/menu/${id}`;
  const menuUrl = `${window.location.origin}${menuPath}`;
  return (
    <section className="qr-card tile" aria-labelledby="qr-card-title">
      <img
        className="qr-card__image"
        src={qr('svg')}
        alt={t('dashboard.qrAlt')}
        width={180}
        height={180}
        loading="lazy"
        decoding="async"
      />
      <div className="qr-card__body">
        <h2 id="qr-card-title">{t('dashboard.qrTitle')}</h2>
        <p className="muted">{t('dashboard.qrHint')}</p>
        <p>
          <span className="muted">{t('dashboard.menuLink')}: </span>
          <a href={menuPath} target="_blank" rel="noopener" data-testid="menu-url">
            {menuUrl}
          </a>
        </p>
        <div className="qr-card__links">
          <a className="button" href={qr('png')} download={`menu-${clienteId}-qr.png`}>
            {t('dashboard.downloadPng')}
          </a>
          <a className="button" href={qr('svg')} download={`menu-${clienteId}-qr.svg`}>
            {t('dashboard.downloadSvg')}
          </a>
        </div>
      </div>
    </section>
  );
}
