import { useTranslation } from 'react-i18next';
import { cardStyle, type RestaurantSettings } from '../../../api/settings';
import { mediaUrl } from '../../../lib/media-url';
import { formatCents } from '../../../lib/money';

type Props = {
  values: Pick<
    RestaurantSettings,
    'cardColor' | 'textColor' | 'cardBorderRadius' | 'fontSize' | 'fontFamily' | 'moneda' | 'logo' | 'backgroundImage' | 'nombre_restaurante'
  >;
};

/** Live preview of the diner menu's cards with the values being edited. */
export function CardPreview({ values }: Props) {
  const { t, i18n } = useTranslation();
  const style = cardStyle(values, '8px');
  const background = mediaUrl(values.backgroundImage);
  const logo = mediaUrl(values.logo);
  return (
    <div
      className="settings-preview"
      data-testid="settings-preview"
      style={background ? { backgroundImage: `url("${background.replace(/"/g, '%22')}")` } : undefined}
    >
      <div className="settings-preview__header">
        {logo && <img src={logo} alt="" width={36} height={36} className="settings-preview__logo" data-testid="preview-logo" />}
        <strong>{values.nombre_restaurante || t('menu.title')}</strong>
      </div>
      <div className="settings-preview__cards">
        <div className="menu-card" style={style} data-testid="preview-card">
          <span className="menu-image menu-image--empty" aria-hidden="true" />
          <span className="menu-card__name">{t('settings.previewCategory')}</span>
        </div>
        <div className="menu-card settings-preview__product" style={style} data-testid="preview-product">
          <span className="menu-card__name">
            {t('settings.previewProduct')} · {formatCents(1250, values.moneda, i18n.resolvedLanguage ?? 'es')}
          </span>
          <span className="settings-preview__description">{t('settings.previewDescription')}</span>
        </div>
      </div>
    </div>
  );
}
