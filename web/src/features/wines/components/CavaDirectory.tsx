import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getCavas, type Cava } from '../api/cava-api';

/**
 * The restaurants with a cava to explore (GET /api/cavas), each linking to
 * /cava/:id. Nothing is shown while loading or when the call fails: the
 * welcome page stays usable without it.
 */
export function CavaDirectory() {
  const { t } = useTranslation();
  const [cavas, setCavas] = useState<Cava[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    getCavas(controller.signal).then(setCavas, () => undefined);
    return () => controller.abort();
  }, []);
  if (cavas.length === 0) return null;
  return (
    <nav className="cava-directory" aria-labelledby="cava-directory-title">
      <h2 id="cava-directory-title" className="section-title">
        {t('wines.directory.title')}
      </h2>
      <ul className="link-grid">
        {cavas.map((c) => (
          <li key={c.cliente_id}>
            <Link to={`/cava/${c.cliente_id}`} className="tile">
              {c.nombre} <span className="muted">({t('wines.directory.wines', { count: c.vinos })})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
