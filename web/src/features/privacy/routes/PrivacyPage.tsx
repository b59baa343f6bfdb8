import { useContext, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { FetchCache, FetchCacheContext, useFetch } from '../../../lib/fetch-cache';
import { getPrivacy, privacyKey, type Privacidad } from '../api/privacy-api';
import '../privacy.css';

/**
 * The restaurant's privacy notice (/privacidad/:cliente_id), inside the
 * diner shell: written from the restaurant's data (who is responsible and
 * how to reach it, its country's name for the notice and its authority)
 * with the text its owner adds. Public and small: it reads through the
 * shell's fetch cache, not TanStack Query.
 */
export default function PrivacyPage() {
  const { cliente_id: raw = '' } = useParams();
  const clienteId = /^[1-9]\d*$/.test(raw) ? raw : '';
  const outer = useContext(FetchCacheContext);
  const [own] = useState(() => (outer ? null : new FetchCache()));
  return (
    <FetchCacheContext.Provider value={outer ?? own!}>
      <Notice key={clienteId} clienteId={clienteId} />
    </FetchCacheContext.Provider>
  );
}

function Notice({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const query = useFetch(privacyKey(clienteId || '0'), () => getPrivacy(clienteId));
  const unavailable = !clienteId || (query.isError && isApiError(query.error) && [400, 404].includes(query.error.status));
  if (unavailable || !query.data) {
    const text = unavailable ? t('privacy.notAvailable') : query.isError ? t('privacy.loadError') : t('privacy.loading');
    return (
      <div className="privacy-page">
        <p className="privacy-status" role={query.isError ? 'alert' : 'status'}>
          {text}
        </p>
      </div>
    );
  }
  return <NoticeText p={query.data} clienteId={clienteId} />;
}

function NoticeText({ p, clienteId }: { p: Privacidad; clienteId: string }) {
  const { t } = useTranslation();
  const restaurante = p.responsable;
  const account = `/usuario/cuenta?menu=${encodeURIComponent(clienteId)}`;
  const authority = p.pais === 'ES' || p.pais === 'MX' ? t(`privacy.rights.${p.pais}`) : '';
  return (
    <article className="privacy-page privacy-doc" aria-labelledby="privacy-title">
      <h1 id="privacy-title" className="privacy-title">
        {t(`privacy.title.${p.tipo}`)}
      </h1>
      <p className="privacy-restaurant">{restaurante}</p>
      <p>{t('privacy.intro', { restaurante })}</p>

      <section aria-labelledby="privacy-who">
        <h2 id="privacy-who">{t('privacy.who.title')}</h2>
        <p>{t('privacy.who.text', { restaurante })}</p>
        {(p.direccion || p.telefono) && (
          <ul className="privacy-contact">
            {p.direccion && <li>{t('privacy.who.address', { direccion: p.direccion })}</li>}
            {p.telefono && <li>{t('privacy.who.phone', { telefono: p.telefono })}</li>}
          </ul>
        )}
        <p>{t('privacy.who.platform')}</p>
      </section>

      <section aria-labelledby="privacy-what">
        <h2 id="privacy-what">{t('privacy.what.title')}</h2>
        <ul>
          <li>{t('privacy.what.identity')}</li>
          <li>{t('privacy.what.password')}</li>
          <li>{t('privacy.what.orders')}</li>
          <li>{t('privacy.what.consents')}</li>
          <li>{t('privacy.what.notices')}</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-why">
        <h2 id="privacy-why">{t('privacy.why.title')}</h2>
        <ul>
          <li>{t('privacy.why.service')}</li>
          <li>{t('privacy.why.marketing')}</li>
          <li>{t('privacy.why.restaurant')}</li>
          <li>{t('privacy.why.law')}</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-long">
        <h2 id="privacy-long">{t('privacy.howLong.title')}</h2>
        <p>{t('privacy.howLong.account')}</p>
        <p>{t('privacy.howLong.guest')}</p>
      </section>

      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">{t('privacy.rights.title')}</h2>
        <p>
          {t('privacy.rights.withdraw')} <Link to={account}>{t('privacy.manageAccount')}</Link>
          {t('privacy.rights.withdrawAfter')}
        </p>
        <p>
          {t('privacy.rights.delete')} <Link to={account}>{t('privacy.manageAccount')}</Link>
          {t('privacy.rights.deleteAfter')}
        </p>
        <p>{t('privacy.rights.contact', { restaurante })}</p>
        {authority && <p>{authority}</p>}
      </section>

      {p.texto && (
        <section aria-labelledby="privacy-owner">
          <h2 id="privacy-owner">{t('privacy.owner.title')}</h2>
          <p className="privacy-owner-text">{p.texto}</p>
        </section>
      )}

      <p>
        <Link className="button" to={`/menu/${encodeURIComponent(clienteId)}`}>
          {t('privacy.backToMenu')}
        </Link>
      </p>
    </article>
  );
}
