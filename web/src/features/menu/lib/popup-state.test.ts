import { describe, expect, it } from 'vitest';
import {
  onPopupClosed,
  onPopupLoaded,
  onPopupReopened,
  readStoredPopup,
  serializePopup,
  writeStoredPopup,
  type StoredPopup,
} from './popup-state';

const promo = { id: 1, name: 'Promo', file_url: '/media/a.jpg', file_type: 'image/jpeg' };
const fresh: StoredPopup = { data: null, closed: false };

describe('popup state rules', () => {
  it('opens a popup never seen before and stores its copy', () => {
    const d = onPopupLoaded(promo, fresh);
    expect(d.open).toBe(true);
    expect(d.stored).toEqual({ data: serializePopup(promo), closed: false });
  });

  it('opens the same popup again when it was not closed', () => {
    const d = onPopupLoaded(promo, { data: serializePopup(promo), closed: false });
    expect(d.open).toBe(true);
  });

  it('keeps the same popup closed once it was closed', () => {
    const stored = { data: serializePopup(promo), closed: true };
    const d = onPopupLoaded(promo, stored);
    expect(d.open).toBe(false);
    expect(d.stored).toBe(stored);
  });

  it('opens a changed popup even if the old one was closed, and resets the flag', () => {
    const changed = { ...promo, id: 2, file_url: '/media/b.png', file_type: 'image/png' };
    const d = onPopupLoaded(changed, { data: serializePopup(promo), closed: true });
    expect(d.open).toBe(true);
    expect(d.stored).toEqual({ data: serializePopup(changed), closed: false });
  });

  it('treats a renamed popup as changed', () => {
    const d = onPopupLoaded({ ...promo, name: 'Otra' }, { data: serializePopup(promo), closed: true });
    expect(d.open).toBe(true);
  });

  it('opens nothing when there is no popup', () => {
    expect(onPopupLoaded(null, fresh)).toEqual({ open: false, stored: fresh });
    expect(onPopupLoaded({ ...promo, file_url: '' }, fresh).open).toBe(false);
  });

  it('closing sets the closed flag', () => {
    const d = onPopupClosed({ data: 'x', closed: false });
    expect(d).toEqual({ open: false, stored: { data: 'x', closed: true } });
  });

  it('the minimised button clears the flag and opens', () => {
    const d = onPopupReopened({ data: 'x', closed: true });
    expect(d).toEqual({ open: true, stored: { data: 'x', closed: false } });
  });

  it('reads and writes the spec storage keys per restaurant', () => {
    writeStoredPopup('7', { data: 'abc', closed: true });
    expect(localStorage.getItem('popup_data_7')).toBe('abc');
    expect(localStorage.getItem('popup_closed_7')).toBe('true');
    expect(readStoredPopup('7')).toEqual({ data: 'abc', closed: true });
    expect(readStoredPopup('8')).toEqual({ data: null, closed: false });
    writeStoredPopup('7', { data: 'abc', closed: false });
    expect(localStorage.getItem('popup_closed_7')).toBeNull();
  });
});
