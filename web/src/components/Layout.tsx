import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import { Loading } from './Loading';
import { ErrorBoundary } from './ErrorBoundary';

/** Shell of every page: header with the brand and the language switch. */
export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="app">
      <header className="app-header">
        <Link to="/" className="app-header__brand">
          {t('app.name')}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="app-main">
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
