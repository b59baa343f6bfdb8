import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_PREFIX } from '../../../lib/api-client';
import { FailedFeesSection, OutboxSection, RefundsSection } from '../../offers';
import { OrderRefundsSection, OversightCounts, ReconnectSection, TabRefundsSection } from '../components/OversightSections';
import '../platform.css';

/** Super admin main menu and what needs their attention. */
export default function SuperAdminHomePage() {
  const { t } = useTranslation();
  const backend = `${window.location.origin}${API_PREFIX}`;
  return (
    <section className="card">
      <h1>{t('superAdmin.title')}</h1>
      <nav aria-label={t('superAdmin.title')}>
        <ul className="link-grid">
          <li>
            <Link to="/super-admin/dashboard" className="tile">
              {t('superAdmin.dashboard')}
            </Link>
          </li>
          <li>
            <Link to="/super-admin/clover-auth" className="tile">
              {t('superAdmin.cloverAuth')}
            </Link>
          </li>
        </ul>
      </nav>
      <p className="muted">
        {t('superAdmin.backendDescription')} <code data-testid="backend-address">{backend}</code>
      </p>
      <OversightCounts />
      <ReconnectSection />
      <RefundsSection />
      <OrderRefundsSection />
      <TabRefundsSection />
      <FailedFeesSection />
      <OutboxSection />
    </section>
  );
}
