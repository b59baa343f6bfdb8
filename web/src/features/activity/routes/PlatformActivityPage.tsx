import { useTranslation } from 'react-i18next';
import { ActivityLog } from '../components/ActivityLog';

/** The super admin's 'Actividad' (/super-admin/actividad): every restaurant's audit log, each action with its restaurant. */
export default function PlatformActivityPage() {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h1>{t('activity.platformTitle')}</h1>
      <ActivityLog clienteId={null} />
    </section>
  );
}
