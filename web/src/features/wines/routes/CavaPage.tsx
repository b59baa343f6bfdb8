import { useCallback, useMemo, useState, type CSSProperties } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardStyle, DEFAULT_SETTINGS, getSettings } from '../../../api/settings';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { isApiError } from '../../../lib/api-client';
import { FetchCache, FetchCacheContext, useFetch } from '../../../lib/fetch-cache';
import { mediaUrl } from '../../../lib/media-url';
import { cavaKeys, getPublicWines, type Vino } from '../api/cava-api';
import { CavaCard } from '../components/CavaCard';
import { CavaDetail } from '../components/CavaDetail';
import { CavaFiltersForm } from '../components/CavaFiltersForm';
import { applyFilters, filterOptions, parseFilters, priceCap, priceRange, writeFilters, type CavaFilters } from '../lib/filters';
import '../dialog.css';
import '../cava.css';

/**
 * 'Explora Nuestra Cava' (/cava/:cliente_id): the restaurant's available
 * wines in its own look and feel, with filters kept in the URL. Public and
 * small: its reads use the menu's fetch cache, not TanStack Query.
 */
export default function CavaPage() {
  const { cliente_id: raw = '' } = useParams();
  const clienteId = /^\d+$/.test(raw) ? raw : '';
  const [cache] = useState(() => new FetchCache());
  return (
    <FetchCacheContext.Provider value={cache}>
      <Cava key={clienteId} clienteId={clienteId} />
    </FetchCacheContext.Provider>
  );
}

function Cava({ clienteId }: { clienteId: string }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? i18n.language ?? 'es').startsWith('en') ? 'en' : 'es';
  const settingsQuery = useFetch(cavaKeys.settings(clienteId), () => getSettings(clienteId));
  const winesQuery = useFetch(cavaKeys.wines(clienteId), () => getPublicWines(clienteId));
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const [open, setOpen] = useState<Vino | null>(null);

  const settings = settingsQuery.data;
  const currency = settings?.moneda || DEFAULT_SETTINGS.moneda;
  const style: CSSProperties = cardStyle(settings ?? {}, '10px');
  const background = mediaUrl(settings?.backgroundImage);
  const wines = useMemo(() => winesQuery.data ?? [], [winesQuery.data]);
  const range = useMemo(() => priceRange(wines), [wines]);
  const cap = priceCap(filters, range);
  const options = useMemo(() => filterOptions(wines, lang), [wines, lang]);
  const shown = useMemo(() => applyFilters(wines, filters, cap), [wines, filters, cap]);

  const onFilters = useCallback(
    (next: CavaFilters) => setParams(writeFilters(next), { replace: true, preventScrollReset: true }),
    [setParams],
  );

  const unavailable =
    !clienteId || (winesQuery.isError && isApiError(winesQuery.error) && winesQuery.error.status === 404);

  let content;
  if (unavailable) {
    content = (
      <p className="cava-status" role="status">
        {t('wines.cava.notAvailable')}
      </p>
    );
  } else if (winesQuery.isPending) {
    content = (
      <p className="cava-status" role="status">
        {t('wines.cava.loading')}
      </p>
    );
  } else if (winesQuery.isError && !winesQuery.data) {
    content = (
      <p className="cava-status cava-status--error" role="alert">
        {t('wines.loadError')}
      </p>
    );
  } else if (wines.length === 0) {
    content = (
      <p className="cava-status" role="status">
        {t('wines.cava.noWines')}
      </p>
    );
  } else {
    content = (
      <>
        <CavaFiltersForm
          filters={filters}
          options={options}
          range={range}
          cap={cap}
          currency={currency}
          lang={lang}
          onChange={onFilters}
        />
        <p className="cava-count" aria-live="polite">
          {t('wines.cava.results', { count: shown.length })}
        </p>
        {shown.length === 0 ? (
          <p className="cava-status" role="status">
            {t('wines.cava.empty')}
          </p>
        ) : (
          <ul className="cava-grid">
            {shown.map((v) => (
              <CavaCard key={v.id} vino={v} currency={currency} lang={lang} style={style} onOpen={setOpen} />
            ))}
          </ul>
        )}
      </>
    );
  }

  const logo = settings ? mediaUrl(settings.logo) : '';
  return (
    <div className="cava-page" style={background ? { backgroundImage: `url("${background.replace(/"/g, '%22')}")` } : undefined}>
      <header className="cava-header">
        <div className="cava-header__brand">
          {logo ? (
            <img
              className="cava-header__logo"
              src={logo}
              alt={settings?.nombre_restaurante ?? ''}
              width={44}
              height={44}
              decoding="async"
              onError={(e) => {
                e.currentTarget.style.visibility = 'hidden';
              }}
            />
          ) : (
            <span className="cava-header__logo" aria-hidden="true" />
          )}
          <div className="cava-header__titles">
            <h1 className="cava-header__title">{t('wines.cavaTitle')}</h1>
            {settings?.nombre_restaurante && <p className="cava-header__name">{settings.nombre_restaurante}</p>}
          </div>
        </div>
        <div className="cava-header__actions">
          {clienteId && (
            <Link className="cava-header__menu" to={`/menu/${clienteId}`}>
              {t('wines.cava.backToMenu')}
            </Link>
          )}
          <LanguageSwitch />
        </div>
      </header>
      <main className="cava-main">{content}</main>
      {open && <CavaDetail vino={open} currency={currency} lang={lang} style={style} onClose={() => setOpen(null)} />}
    </div>
  );
}
