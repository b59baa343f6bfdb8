import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, SubmitButton } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { redeemVoucher } from '../api/vouchers-api';
import '../vouchers.css';

type Message = { kind: 'ok' | 'error'; text: string; detail?: string } | null;

type Detector = { detect: (source: CanvasImageSource) => Promise<Array<{ rawValue: string }>> };
type DetectorCtor = new (options?: { formats?: string[] }) => Detector;

function barcodeDetector(): DetectorCtor | null {
  const ctor = (window as unknown as { BarcodeDetector?: DetectorCtor }).BarcodeDetector;
  return typeof ctor === 'function' && !!navigator.mediaDevices?.getUserMedia ? ctor : null;
}

/** 'Canjear cupón': the restaurant types (or scans) a diner's voucher code and marks it used. */
export function RedeemVoucherCard({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [scanning, setScanning] = useState(false);
  const canScan = barcodeDetector() !== null;

  async function redeem(raw: string) {
    const codigo = raw.trim();
    if (busy) return;
    if (!codigo) {
      setMessage({ kind: 'error', text: t('vouchers.required') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const res = await redeemVoucher(clienteId, codigo);
      setMessage({ kind: 'ok', text: res.message || t('vouchers.redeemed'), detail: res.voucher.descripcion });
      setCode('');
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('vouchers.error'), t('errors.network')) });
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void redeem(code);
  }

  return (
    <section className="offers-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {t('vouchers.title')}
      </h2>
      <form className="offers-redeem" onSubmit={onSubmit} noValidate>
        <Field id={`${id}-code`} label={t('vouchers.code')}>
          {(control) => (
            <input
              {...control}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={80}
            />
          )}
        </Field>
        <div className="offers-actions">
          <SubmitButton busy={busy} label={t('vouchers.redeem')} busyLabel={t('vouchers.redeeming')} />
          {canScan && !scanning && (
            <button type="button" className="button" onClick={() => setScanning(true)} disabled={busy}>
              {t('vouchers.scan')}
            </button>
          )}
        </div>
      </form>
      {scanning && (
        <Scanner
          onCode={(value) => {
            setScanning(false);
            setCode(value);
            void redeem(value);
          }}
          onError={() => {
            setScanning(false);
            setMessage({ kind: 'error', text: t('vouchers.cameraError') });
          }}
          onCancel={() => setScanning(false)}
        />
      )}
      {message && (
        <div role={message.kind === 'ok' ? 'status' : 'alert'}>
          <p className={message.kind === 'ok' ? 'form__ok' : 'form__error'}>{message.text}</p>
          {message.detail && <p className="muted">{message.detail}</p>}
        </div>
      )}
    </section>
  );
}

/** The camera view while scanning a voucher's QR code (where BarcodeDetector exists). */
function Scanner({ onCode, onError, onCancel }: { onCode: (code: string) => void; onError: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  // The latest callbacks, for the scanning loop started once on mount.
  const handlers = useRef({ onCode, onError });
  useEffect(() => {
    handlers.current = { onCode, onError };
  });

  useEffect(() => {
    const Ctor = barcodeDetector();
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    void (async () => {
      try {
        if (!Ctor) throw new Error('no BarcodeDetector');
        const detector = new Ctor({ formats: ['qr_code', 'code_128'] });
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !videoRef.current) return stop();
        videoRef.current.srcObject = stream;
        await videoRef.current.play();
        const tick = async () => {
          if (stopped || !videoRef.current) return;
          try {
            const found = await detector.detect(videoRef.current);
            const value = found.find((b) => b.rawValue?.trim())?.rawValue.trim();
            if (value) {
              stop();
              handlers.current.onCode(value);
              return;
            }
          } catch {
            // a frame that cannot be read yet: try the next one
          }
          timer = window.setTimeout(() => void tick(), 300);
        };
        void tick();
      } catch {
        if (!stopped) {
          stop();
          handlers.current.onError();
        }
      }
    })();
    return stop;
  }, []);

  return (
    <div className="offers-scanner">
      <video ref={videoRef} className="offers-scanner__video" muted playsInline aria-label={t('vouchers.camera')} />
      <button type="button" className="button" onClick={onCancel}>
        {t('vouchers.stopScan')}
      </button>
    </div>
  );
}
