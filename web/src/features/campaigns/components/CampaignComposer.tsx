import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError, Notice } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { useDebounced } from '../../../lib/use-debounced';
import {
  campaignKeys,
  countAudience,
  createCampaign,
  listOffers,
  previewCampaign,
  sendCampaign,
  type Audience,
  type Audiencia,
  type CampanaForm,
  type CampanaPreview,
  type Canal,
} from '../api/campaigns-api';

const COUNT_DELAY_MS = 300;

/** The audience the form describes, with only what its kind uses. */
export function audienceOf(audiencia: Audiencia, dias: number, puntos: number, cupon: number): Audience {
  switch (audiencia) {
    case 'inactivos':
      return { audiencia, dias: dias as 30 | 60 | 90 };
    case 'puntos':
      return { audiencia, puntos_min: puntos };
    case 'oferta':
      return { audiencia, cupon_id: cupon };
    default:
      return { audiencia: 'todos' };
  }
}

/** "2026-06-01T12:00" (a datetime-local input, the browser's zone) as Unix seconds; 0 when empty or invalid. */
export function localToUnix(value: string): number {
  if (!value) return 0;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}

/**
 * Compose a campaign: the channel and its message (an e-mail's subject and
 * text, or a WhatsApp template's name and variables), who among the
 * consenting diners it is for (with the live count), a preview with a real
 * diner's data, and send it now or at a time.
 */
export function CampaignComposer({ clienteId }: { clienteId: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const qc = useQueryClient();
  const [nombre, setNombre] = useState('');
  const [canal, setCanal] = useState<Canal>('email');
  const [asunto, setAsunto] = useState('');
  const [cuerpo, setCuerpo] = useState('');
  const [plantilla, setPlantilla] = useState('');
  const [variables, setVariables] = useState('');
  const [idioma, setIdioma] = useState<'es' | 'en'>(i18n.language?.startsWith('en') ? 'en' : 'es');
  const [audiencia, setAudiencia] = useState<Audiencia>('todos');
  const [dias, setDias] = useState(30);
  const [puntos, setPuntos] = useState(0);
  const [cupon, setCupon] = useState(0);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [preview, setPreview] = useState<CampanaPreview | null>(null);
  const [done, setDone] = useState('');

  const audience = audienceOf(audiencia, dias, puntos, cupon);
  const debounced = JSON.parse(useDebounced(JSON.stringify(audience), COUNT_DELAY_MS)) as Audience;
  const countReady = debounced.audiencia !== 'oferta' || (debounced.cupon_id ?? 0) > 0;
  const count = useQuery({
    queryKey: campaignKeys.audience(clienteId, canal, debounced),
    queryFn: ({ signal }) => countAudience(clienteId, canal, debounced, signal),
    enabled: countReady,
  });
  const offers = useQuery({
    queryKey: ['campaigns', clienteId, 'offers'],
    queryFn: ({ signal }) => listOffers(clienteId, signal),
    enabled: audiencia === 'oferta',
  });

  const form = (): CampanaForm => ({
    nombre,
    canal,
    idioma,
    ...(canal === 'email'
      ? { asunto, cuerpo }
      : {
          plantilla,
          variables: variables
            .split('\n')
            .map((v) => v.trim())
            .filter(Boolean),
        }),
    ...audience,
  });

  const previewing = useMutation({
    mutationFn: () => previewCampaign(clienteId, form()),
    onSuccess: setPreview,
  });
  const saving = useMutation({
    mutationFn: async (send: boolean) => {
      const c = await createCampaign(clienteId, form());
      if (!send) return c;
      return sendCampaign(clienteId, c.id, when === 'later' ? localToUnix(at) : undefined);
    },
    onSuccess: (c) => {
      setDone(c.estado === 'borrador' ? t('campaigns.saved') : c.estado === 'programada' && when === 'later' ? t('campaigns.scheduled') : t('campaigns.sending'));
      setNombre('');
      setAsunto('');
      setCuerpo('');
      setPreview(null);
      void qc.invalidateQueries({ queryKey: campaignKeys.list(clienteId) });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    saving.mutate(true);
  };

  const err = saving.error ?? previewing.error;
  return (
    <form className="campaign-composer" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('campaigns.compose')}</h2>
      <div className="field">
        <label htmlFor={`${id}-nombre`}>{t('campaigns.name')}</label>
        <input id={`${id}-nombre`} value={nombre} maxLength={120} required onChange={(e) => setNombre(e.target.value)} />
      </div>
      <fieldset className="campaign-channel">
        <legend>{t('campaigns.channel')}</legend>
        {(['email', 'whatsapp'] as const).map((c) => (
          <label key={c}>
            <input type="radio" name={`${id}-canal`} value={c} checked={canal === c} onChange={() => setCanal(c)} /> {t(`campaigns.channels.${c}`)}
          </label>
        ))}
      </fieldset>
      {canal === 'email' ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-asunto`}>{t('campaigns.subject')}</label>
            <input id={`${id}-asunto`} value={asunto} maxLength={200} required onChange={(e) => setAsunto(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-cuerpo`}>{t('campaigns.body')}</label>
            <textarea id={`${id}-cuerpo`} value={cuerpo} maxLength={5000} rows={6} required onChange={(e) => setCuerpo(e.target.value)} />
            <p className="muted">{t('campaigns.variablesHint')}</p>
          </div>
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-plantilla`}>{t('campaigns.template')}</label>
            <input id={`${id}-plantilla`} value={plantilla} maxLength={100} required pattern="[a-z0-9_]+" onChange={(e) => setPlantilla(e.target.value)} />
            <p className="muted">{t('campaigns.templateHint')}</p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-vars`}>{t('campaigns.templateVariables')}</label>
            <textarea id={`${id}-vars`} value={variables} rows={3} onChange={(e) => setVariables(e.target.value)} />
            <p className="muted">{t('campaigns.variablesHint')}</p>
          </div>
        </>
      )}
      <div className="field">
        <label htmlFor={`${id}-idioma`}>{t('campaigns.language')}</label>
        <select id={`${id}-idioma`} value={idioma} onChange={(e) => setIdioma(e.target.value as 'es' | 'en')}>
          <option value="es">Español</option>
          <option value="en">English</option>
        </select>
      </div>

      <fieldset className="campaign-audience">
        <legend>{t('campaigns.audience')}</legend>
        <div className="field">
          <label htmlFor={`${id}-aud`}>{t('campaigns.who')}</label>
          <select id={`${id}-aud`} value={audiencia} onChange={(e) => setAudiencia(e.target.value as Audiencia)}>
            {(['todos', 'inactivos', 'puntos', 'oferta'] as const).map((a) => (
              <option key={a} value={a}>
                {t(`campaigns.audiences.${a}`)}
              </option>
            ))}
          </select>
        </div>
        {audiencia === 'inactivos' && (
          <div className="field">
            <label htmlFor={`${id}-dias`}>{t('campaigns.days')}</label>
            <select id={`${id}-dias`} value={dias} onChange={(e) => setDias(Number(e.target.value))}>
              {[30, 60, 90].map((d) => (
                <option key={d} value={d}>
                  {t('campaigns.daysOption', { count: d })}
                </option>
              ))}
            </select>
          </div>
        )}
        {audiencia === 'puntos' && (
          <div className="field">
            <label htmlFor={`${id}-puntos`}>{t('campaigns.points')}</label>
            <input id={`${id}-puntos`} type="number" min={0} value={puntos} onChange={(e) => setPuntos(Math.max(0, Number(e.target.value) || 0))} />
          </div>
        )}
        {audiencia === 'oferta' && (
          <div className="field">
            <label htmlFor={`${id}-cupon`}>{t('campaigns.offer')}</label>
            <select id={`${id}-cupon`} value={cupon} onChange={(e) => setCupon(Number(e.target.value))}>
              <option value={0}>{t('campaigns.pickOffer')}</option>
              {(offers.data ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.titulo}
                </option>
              ))}
            </select>
          </div>
        )}
        <p className="campaign-count" role="status" data-testid="audience-count">
          {!countReady ? t('campaigns.pickOffer') : count.data ? t('campaigns.reach', { count: count.data.total }) : t('campaigns.counting')}
        </p>
        <p className="muted">{t('campaigns.consentNote')}</p>
      </fieldset>

      <fieldset className="campaign-when">
        <legend>{t('campaigns.when')}</legend>
        <label>
          <input type="radio" name={`${id}-when`} checked={when === 'now'} onChange={() => setWhen('now')} /> {t('campaigns.now')}
        </label>
        <label>
          <input type="radio" name={`${id}-when`} checked={when === 'later'} onChange={() => setWhen('later')} /> {t('campaigns.later')}
        </label>
        {when === 'later' && (
          <div className="field">
            <label htmlFor={`${id}-at`}>{t('campaigns.at')}</label>
            <input id={`${id}-at`} type="datetime-local" value={at} required onChange={(e) => setAt(e.target.value)} />
          </div>
        )}
      </fieldset>

      {preview && (
        <section className="campaign-preview" aria-label={t('campaigns.preview')}>
          <h3>{t('campaigns.previewFor', { nombre: preview.destinatario })}</h3>
          {preview.ejemplo && <p className="muted">{t('campaigns.previewExample')}</p>}
          {canal === 'email' ? (
            <>
              <p>
                <strong>{t('campaigns.subject')}:</strong> {preview.asunto}
              </p>
              <pre className="campaign-preview-text">{preview.texto}</pre>
            </>
          ) : (
            <pre className="campaign-preview-text">{preview.texto}</pre>
          )}
        </section>
      )}

      <FormError error={err ? errorText(err, t('campaigns.saveError'), t('errors.network')) : null} />
      <Notice message={done ? { kind: 'ok', text: done } : null} />
      <div className="campaign-actions">
        <button type="button" className="button" disabled={previewing.isPending} onClick={() => previewing.mutate()}>
          {t('campaigns.previewButton')}
        </button>
        <button type="button" className="button" disabled={saving.isPending} onClick={() => saving.mutate(false)}>
          {t('campaigns.saveDraft')}
        </button>
        <button type="submit" className="button button--primary" disabled={saving.isPending} aria-busy={saving.isPending}>
          {when === 'later' ? t('campaigns.schedule') : t('campaigns.sendNow')}
        </button>
      </div>
    </form>
  );
}
