import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Capability } from '../../../app/session/roles';
import { navFor } from '../lib/sections';

/**
 * The restaurant's sections by group (Hoy, Menú, Ventas, Cava, Ajustes),
 * each link with a unique label and aria-current on the page shown; only
 * the links the person's role gives (`may`). The same list is the desktop
 * sidebar and the phone drawer's content.
 */
export function StaffNav({
  clienteId,
  panel,
  may,
  onNavigate,
}: {
  clienteId: string;
  panel: string;
  may: (c: Capability) => boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  const at = { pathname: location.pathname, search: new URLSearchParams(location.search), hash: location.hash };
  return (
    <ul className="staff-nav">
      {navFor(may).map((g) => (
        <li key={g.key} className="staff-nav__group">
          <span id={`${id}-${g.key}`} className="staff-nav__heading">
            {t(g.label)}
          </span>
          <ul aria-labelledby={`${id}-${g.key}`}>
            {g.items.map((item) => (
              <li key={item.key}>
                {item.external ? (
                  <a href={item.href(clienteId, panel, { may })} className="staff-nav__link" target="_blank" rel="noopener">
                    {t(item.label)}
                  </a>
                ) : (
                  <Link
                    to={item.href(clienteId, panel, { may })}
                    className="staff-nav__link"
                    aria-current={item.current(at, panel) ? 'page' : undefined}
                    onClick={onNavigate}
                  >
                    {t(item.label)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
