import { useId, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { soldOutKey, soldOutQueryOptions, type SoldOutItem, type SoldOutList } from '../api/order-board-api';
import { SoldOutToggle } from './SoldOutToggle';

/** Lower case without accents: 'Jamón' is found with 'jamon'. */
function fold(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

function useIdioma(): string {
  const { i18n } = useTranslation();
  return i18n.language?.startsWith('en') ? 'en' : 'es';
}

/**
 * The board's 'Agotados hoy (N)' button and its panel: the restaurant's
 * visible products by menu section, searchable, each with the 'Agotado hoy'
 * switch. The list is read when the panel first opens (the board is a hot
 * page), so N shows from then on.
 */
export function SoldOutControl({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const idioma = useIdioma();
  const [open, setOpen] = useState(false);
  const dialogId = useId();
  const query = useQuery({ ...soldOutQueryOptions(clienteId, idioma), enabled: open });
  const count = query.data?.items.filter((i) => i.agotadoHoy).length;
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        onClick={() => setOpen(true)}
        data-testid="sold-out-open"
      >
        {count === undefined ? t('soldOut.boardButton') : t('soldOut.boardButtonCount', { n: count })}
      </button>
      {open && <SoldOutDialog id={dialogId} clienteId={clienteId} idioma={idioma} onClose={() => setOpen(false)} />}
    </>
  );
}

function SoldOutDialog({ id, clienteId, idioma, onClose }: { id: string; clienteId: string; idioma: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const uid = useId();
  const query = useQuery(soldOutQueryOptions(clienteId, idioma));
  const [search, setSearch] = useState('');

  const onSaved = (productId: number, agotadoHoy: boolean) => {
    queryClient.setQueriesData<SoldOutList>({ queryKey: soldOutKey(clienteId) }, (list) =>
      list ? { ...list, items: list.items.map((i) => (i.id === productId ? { ...i, agotadoHoy } : i)) } : list,
    );
  };

  const groups = useMemo(() => {
    const list = query.data;
    if (!list) return [];
    const q = fold(search.trim());
    const other = t('soldOut.otherCategory');
    const match = (i: SoldOutItem) => !q || fold(i.name).includes(q) || (i.section !== null && fold(i.section).includes(q));
    const bySection = new Map<string, SoldOutItem[]>();
    for (const name of [...list.sections, other]) bySection.set(name, []);
    for (const i of list.items) if (match(i)) bySection.get(i.section ?? other)!.push(i);
    return [...bySection].filter(([, items]) => items.length > 0);
  }, [query.data, search, t]);

  const total = query.data?.items.length ?? 0;
  const marked = query.data?.items.filter((i) => i.agotadoHoy).length ?? 0;

  return (
    <Dialog
      id={id}
      backdropClassName="board-backdrop"
      className="board-dialog soldout-dialog"
      labelledBy={`${uid}-title`}
      describedBy={`${uid}-intro`}
      onClose={onClose}
      initialFocus="input[type=search]"
      portal
    >
      <div className="soldout-dialog__head">
        <div className="soldout-dialog__title">
          <h2 id={`${uid}-title`}>{t('soldOut.panelTitle')}</h2>
          <button type="button" className="button button--small" onClick={onClose}>
            {t('soldOut.close')}
          </button>
        </div>
        <p id={`${uid}-intro`} className="muted soldout-dialog__intro">
          {t('soldOut.panelIntro')}
        </p>
        <div className="field">
          <label htmlFor={`${uid}-search`}>{t('soldOut.search')}</label>
          <input
            id={`${uid}-search`}
            type="search"
            value={search}
            autoComplete="off"
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-testid="sold-out-search"
          />
        </div>
        {query.data && (
          <p className="soldout-dialog__status" role="status" data-testid="sold-out-status">
            {t('soldOut.status', { count: marked, total })}
          </p>
        )}
      </div>
      {query.isPending && <p role="status">{t('soldOut.loading')}</p>}
      {query.isError && <FormError error={errorText(query.error, t('soldOut.loadError'), t('errors.network'))} />}
      {query.data && total === 0 && <p>{t('soldOut.empty')}</p>}
      {query.data && total > 0 && groups.length === 0 && <p>{t('soldOut.noMatch', { q: search.trim() })}</p>}
      {groups.map(([section, items], n) => (
        <section key={section} className="soldout-section" aria-labelledby={`${uid}-s${n}`}>
          <h3 id={`${uid}-s${n}`}>{section}</h3>
          <ul className="soldout-list">
            {items.map((i) => (
              <li key={i.id} className={i.agotadoHoy ? 'soldout-item soldout-item--out' : 'soldout-item'} data-testid="sold-out-item">
                <span className="soldout-item__name">{i.name}</span>
                <SoldOutToggle
                  clienteId={clienteId}
                  productId={i.id}
                  productName={i.name}
                  agotadoHoy={i.agotadoHoy}
                  onSaved={(v) => onSaved(i.id, v)}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Dialog>
  );
}
