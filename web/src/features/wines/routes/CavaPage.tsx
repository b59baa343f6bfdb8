import { useCallback, useContext, useMemo, useState, type CSSProperties } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardStyle, DEFAULT_SETTINGS } from '../../../api/settings';
import { useDinerSettings } from '../../../components/DinerShell';
import { isApiError } from '../../../lib/api-client';
import { FetchCache, FetchCacheContext, useFetch } from '../../../lib/fetch-cache';
import { useProgressiveCount } from '../../../lib/progressive';
import { getPublicWines, publicWinesKey, type Vino } from '../api/cava-api';
import { CavaCard } from '../components/CavaCard';
import { CavaDetail } from '../components/CavaDetail';
import { CavaFiltersForm } from '../components/CavaFiltersForm';
import { applyFilters, parseFilters, priceCap, priceRange, writeFilters, type CavaFilters } from '../lib/filters';
import '../dialog.css';
import '../cava.css';

/**
 * 'Explora Nuestra Cava' (/cava/:cliente_id): the restaurant's available
 * wines in its own look and feel, inside the diner shell, with filters kept
 * in the URL. Public and small: its reads use the shell's fetch cache (else
 * one of its own), not TanStack Query.
 */
export default function CavaPage() {
  const { cliente_id: raw = '' } = useParams();
  const clienteId = /^\d+$/.test(raw) ? raw : '';
  const outer = useContext(FetchCacheContext);
  const [own] = useState(() => (outer ? null : new FetchCache()));
  const cache = outer ?? own!;
  return (
    <FetchCacheContext.Provider value={cache}>
      <Cava key={clienteId} clienteId={clienteId} />
    </FetchCacheContext.Provider>
  );
}

function Cava({ clienteId }: { clienteId: string }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? i18n.language ?? 'es').startsWith('en') ? 'en' : 'es';
  const settingsQuery = useDinerSettings(clienteId);
  const winesQuery = useFetch(publicWinesKey(clienteId), () => getPublicWines(clienteId));
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const [open, setOpen] = useState<Vino | null>(null);

  const settings = settingsQuery.data;
  const currency = settings?.moneda || DEFAULT_SETTINGS.moneda;
  const style: CSSProperties = useMemo(() => cardStyle(settings ?? {}, '10px'), [settings]);
  const wines = useMemo(() => winesQuery.data ?? [], [winesQuery.data]);
  const range = useMemo(() => priceRange(wines), [wines]);
  const cap = priceCap(filters, range);
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
          wines={wines}
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
          <CavaList
            wines={shown}
            listKey={params.toString()}
            currency={currency}
            lang={lang}
            style={style}
            onOpen={setOpen}
          />
        )}
      </>
    );
  }

  return (
    <div className="cava-page">
      <h1 className="cava-title">{t('wines.cavaTitle')}</h1>
      <div className="cava-main">{content}</div>
      {open && <CavaDetail vino={open} currency={currency} lang={lang} style={style} onClose={() => setOpen(null)} />}
    </div>
  );
}

/**
 * The cards of the wines shown: a phone's screen of them first, the rest a
 * few per task (useProgressiveCount), so thirty cards are never one long
 * task on a slow phone. Cards are memoised: each step renders only the new ones.
 * The steps start over when the filters change (`listKey`, the URL's query),
 * not when the same list arrives again as a new array, so a diner scrolled
 * down never sees the list drop back to its first screen.
 */
function CavaList({
  wines,
  listKey,
  currency,
  lang,
  style,
  onOpen,
}: {
  wines: Vino[];
  listKey: string;
  currency: string;
  lang: string;
  style: CSSProperties;
  onOpen: (v: Vino) => void;
}) {
  const { t } = useTranslation();
  const count = useProgressiveCount(wines.length, listKey);
  return (
    <ul className="cava-grid">
      {wines.slice(0, count).map((v) => (
        <CavaCard key={v.id} vino={v} t={t} currency={currency} lang={lang} style={style} onOpen={onOpen} />
      ))}
    </ul>
  );
}
