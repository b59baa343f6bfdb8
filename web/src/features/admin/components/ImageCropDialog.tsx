import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clampOffset,
  clampZoom,
  displaySize,
  exportCrop,
  initialCrop,
  zoomAround,
  ZOOM_MAX,
  ZOOM_MIN,
  type CropState,
} from '../lib/crop';
import { FormError, FormActions, SubmitButton } from '../../../components/Form';
import { useObjectUrl } from '../../../components/use-object-url';
import { Modal } from './Modal';

type Props = {
  file: File;
  onCancel: () => void;
  /** Receives the square JPEG; the dialog stays busy until it settles. */
  onSave: (jpeg: Blob) => Promise<void>;
  /** The browser could not draw or encode the crop. */
  onFailed: () => void;
};

const PAN_STEP = 0.02;
const ZOOM_STEP = 0.1;

/**
 * 'Ajustar Imagen': a square crop window over the chosen picture; drag (or
 * arrow keys) to pan, the slider (1 to 3) to zoom. 'Guardar Recorte' exports
 * the window as an 800×800 JPEG.
 */
export function ImageCropDialog({ file, onCancel, onSave, onFailed }: Props) {
  const { t } = useTranslation();
  const id = useId();
  // The picture must show even where object URLs are missing: a data: URL then.
  const url = useObjectUrl(file, { dataUrlFallback: true });
  const imgRef = useRef<HTMLImageElement>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; x: number; y: number; start: CropState } | null>(null);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  function onLoad() {
    const img = imgRef.current;
    if (!img || !img.naturalWidth || !img.naturalHeight) {
      setFailed(true);
      return;
    }
    setNatural({ w: img.naturalWidth, h: img.naturalHeight });
    setCrop(initialCrop(img.naturalWidth, img.naturalHeight));
  }

  function setZoom(z: number) {
    if (!natural) {
      setCrop((c) => ({ ...c, zoom: clampZoom(z) }));
      return;
    }
    setCrop((c) => zoomAround(natural.w, natural.h, c, z));
  }

  function pan(dx: number, dy: number, from: CropState = crop) {
    if (!natural) return;
    setCrop(clampOffset(natural.w, natural.h, { ...from, x: from.x + dx, y: from.y + dy }));
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (!natural || busy) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, start: crop };
  }

  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    const side = areaRef.current?.clientWidth ?? 0;
    if (!d || d.pointerId !== e.pointerId || !side) return;
    pan((e.clientX - d.x) / side, (e.clientY - d.y) / side, d.start);
  }

  function onPointerUp(e: PointerEvent<HTMLDivElement>) {
    if (drag.current?.pointerId === e.pointerId) drag.current = null;
  }

  function onAreaKey(e: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    if (moves[e.key]) {
      e.preventDefault();
      pan(...moves[e.key]);
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      setZoom(crop.zoom + ZOOM_STEP);
    } else if (e.key === '-') {
      e.preventDefault();
      setZoom(crop.zoom - ZOOM_STEP);
    }
  }

  async function onSaveCrop() {
    const img = imgRef.current;
    if (!img || !natural || busy) return;
    setBusy(true);
    let blob: Blob;
    try {
      blob = await exportCrop(img, crop);
    } catch {
      setBusy(false);
      onFailed();
      return;
    }
    try {
      await onSave(blob);
    } finally {
      setBusy(false);
    }
  }

  const size = natural ? displaySize(natural.w, natural.h, crop.zoom) : null;
  const imgStyle = size
    ? { width: `${size.w * 100}%`, height: `${size.h * 100}%`, left: `${crop.x * 100}%`, top: `${crop.y * 100}%` }
    : { width: '100%', height: '100%', left: 0, top: 0, opacity: 0 };

  return (
    <Modal titleId={`${id}-title`} describedBy={`${id}-hint`} onClose={onCancel} busy={busy}>
      <h2 id={`${id}-title`}>{t('productsAdmin.cropTitle')}</h2>
      <p id={`${id}-hint`} className="muted" style={{ margin: 0 }}>
        {t('productsAdmin.cropHint')}
      </p>
      <div
        ref={areaRef}
        className="cropper"
        role="group"
        aria-label={t('productsAdmin.cropArea')}
        tabIndex={0}
        data-testid="crop-area"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onAreaKey}
      >
        {url && !failed && (
          <img
            ref={imgRef}
            className="cropper__image"
            src={url}
            alt=""
            draggable={false}
            data-testid="crop-image"
            style={imgStyle}
            onLoad={onLoad}
            onError={() => setFailed(true)}
          />
        )}
        <span className="cropper__frame" aria-hidden="true" />
      </div>
      {failed ? (
        <FormError error={t('productsAdmin.cropLoadError')} />
      ) : (
        !natural && <p role="status">{t('productsAdmin.cropLoading')}</p>
      )}
      <div className="cropper-zoom field">
        <label htmlFor={`${id}-zoom`}>{t('productsAdmin.zoom')}</label>
        <input
          id={`${id}-zoom`}
          type="range"
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={0.01}
          value={crop.zoom}
          aria-valuetext={`${crop.zoom.toFixed(2)}×`}
          disabled={busy}
          onChange={(e) => setZoom(Number(e.currentTarget.value))}
        />
        <output htmlFor={`${id}-zoom`} data-testid="crop-zoom-value">
          {crop.zoom.toFixed(2)}×
        </output>
      </div>
      <FormActions className="admin-dialog__actions" cancelLabel={t('productsAdmin.cancel')} onCancel={onCancel} busy={busy}>
        <SubmitButton
          type="button"
          onClick={() => void onSaveCrop()}
          disabled={!natural}
          busy={busy}
          label={t('productsAdmin.saveCrop')}
          busyLabel={t('productsAdmin.uploading')}
        />
      </FormActions>
    </Modal>
  );
}
