import { describe, expect, it } from 'vitest';
import { clampOffset, clampZoom, initialCrop, sourceRect, zoomAround } from './lib/crop';
import { clampPosition } from './components/SubcategoryPicker';
import { matchesSearch } from './lib/target';

describe('crop math', () => {
  it('clamps the zoom to 1..3', () => {
    expect(clampZoom(0)).toBe(1);
    expect(clampZoom(2.5)).toBe(2.5);
    expect(clampZoom(9)).toBe(3);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('starts centred and crops the largest centred square', () => {
    expect(initialCrop(1000, 500)).toEqual({ zoom: 1, x: -0.5, y: 0 });
    expect(sourceRect(1000, 500, initialCrop(1000, 500))).toEqual({ sx: 250, sy: 0, size: 500 });
    expect(sourceRect(400, 800, initialCrop(400, 800))).toEqual({ sx: 0, sy: 200, size: 400 });
  });

  it('keeps the image covering the window and zooms around the centre', () => {
    expect(clampOffset(500, 500, { zoom: 1, x: 0.3, y: -0.4 })).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(clampOffset(500, 500, { zoom: 2, x: -5, y: -0.4 })).toEqual({ zoom: 2, x: -1, y: -0.4 });
    const z = zoomAround(500, 500, { zoom: 1, x: 0, y: 0 }, 2);
    expect(z).toEqual({ zoom: 2, x: -0.5, y: -0.5 });
    expect(sourceRect(500, 500, z)).toEqual({ sx: 125, sy: 125, size: 250 });
  });
});

describe('picker positions', () => {
  it('are whole numbers of at least 1', () => {
    expect(clampPosition('0')).toBe(1);
    expect(clampPosition('-3')).toBe(1);
    expect(clampPosition('')).toBe(1);
    expect(clampPosition('2.7')).toBe(2);
    expect(clampPosition(5)).toBe(5);
  });
});

describe('product search', () => {
  const p = { id: 1, name: 'Café Cortado', description: '', price: 0, image_path: '', visible: true, agotado: false, agotado_hoy: false, alergenos: [], etiquetas: [], translations: { en: { name: 'Cortado' } } };
  it('ignores case and accents and looks at both languages', () => {
    expect(matchesSearch(p, 'cafe')).toBe(true);
    expect(matchesSearch(p, 'CORTADO')).toBe(true);
    expect(matchesSearch(p, 'té')).toBe(false);
    expect(matchesSearch(p, '  ')).toBe(true);
  });
});
