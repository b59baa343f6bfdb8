/**
 * Square image cropping: the crop window is a unit square; the image covers
 * it at zoom 1 and is scaled up to ZOOM_MAX. Positions are in window units
 * (1 = the window's side), so the math does not depend on the screen size.
 */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 3;
/** Side of the exported JPEG, in pixels. */
export const OUTPUT_SIZE = 800;
export const JPEG_QUALITY = 0.9;

export type CropState = { zoom: number; x: number; y: number };

export function clampZoom(z: number): number {
  if (!Number.isFinite(z)) return ZOOM_MIN;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));
}

/** The image's displayed size in window units at a zoom. */
export function displaySize(width: number, height: number, zoom: number): { w: number; h: number } {
  const m = Math.min(width, height) || 1;
  return { w: (width / m) * zoom, h: (height / m) * zoom };
}

/** Keeps the image covering the window: x in [1 - w, 0], y in [1 - h, 0]. */
export function clampOffset(width: number, height: number, s: CropState): CropState {
  const zoom = clampZoom(s.zoom);
  const { w, h } = displaySize(width, height, zoom);
  return {
    zoom,
    x: Math.min(0, Math.max(1 - w, s.x)),
    y: Math.min(0, Math.max(1 - h, s.y)),
  };
}

/** The centred crop at zoom 1. */
export function initialCrop(width: number, height: number): CropState {
  const { w, h } = displaySize(width, height, 1);
  return { zoom: 1, x: (1 - w) / 2, y: (1 - h) / 2 };
}

/** A new zoom that keeps the window's centre on the same point of the image. */
export function zoomAround(width: number, height: number, s: CropState, zoom: number): CropState {
  const before = displaySize(width, height, s.zoom);
  const z = clampZoom(zoom);
  const after = displaySize(width, height, z);
  const cx = (0.5 - s.x) / before.w;
  const cy = (0.5 - s.y) / before.h;
  return clampOffset(width, height, { zoom: z, x: 0.5 - cx * after.w, y: 0.5 - cy * after.h });
}

/** The square of the source image (natural pixels) that the window shows. */
export function sourceRect(width: number, height: number, s: CropState): { sx: number; sy: number; size: number } {
  const { w, h } = displaySize(width, height, s.zoom);
  return { sx: ((0 - s.x) / w) * width, sy: ((0 - s.y) / h) * height, size: width / w };
}

/** Draws the crop on a canvas and exports it as JPEG. */
export function exportCrop(image: HTMLImageElement, s: CropState): Promise<Blob> {
  const width = image.naturalWidth;
  const height = image.naturalHeight;
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT_SIZE;
  canvas.height = OUTPUT_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx || !width || !height) return Promise.reject(new Error('canvas unavailable'));
  const { sx, sy, size } = sourceRect(width, height, s);
  // JPEG has no transparency: a white background instead of black.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, OUTPUT_SIZE, OUTPUT_SIZE);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, sx, sy, size, size, 0, 0, OUTPUT_SIZE, OUTPUT_SIZE);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('toBlob gave nothing'))),
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}
