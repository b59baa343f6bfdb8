import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAV_GROUPS } from '../lib/sections';

/**
 * The restaurant's sections by group (Hoy, Menú, Ventas, Cava, Ajustes),
 * each link with a unique label and aria-current on the page shown. The
 * same list is the desktop sidebar and the phone drawer's content.
 */
export function StaffNav({
  clienteId,
  panel,
  onNavigate,
  owner = true,
}: {
  clienteId: string;
  panel: string;
  onNavigate?: () => void;
  /** Whether the caller is the restaurant's propietario or a super admin: owner-only links are shown. */
  owner?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  const at = { pathname: location.pathname, search: new URLSearchParams(location.search), hash: location.hash };
  return (
    <ul className="staff-nav">
      {NAV_GROUPS.map((g) => (
        <li key={g.key} className="staff-nav__group">
          <span id={`${id}-${g.key}`} className="staff-nav__heading">
            {t(g.label)}
          </span>
          <ul aria-labelledby={`${id}-${g.key}`}>
            {g.items.filter((item) => owner || !item.ownerOnly).map((item) => (
              <li key={item.key}>
                <Link
                  to={item.href(clienteId, panel)}
                  className="staff-nav__link"
                  aria-current={item.current(at, panel) ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
