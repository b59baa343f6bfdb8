import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { alertSound, REPEAT_BEEP_MS, type SoundState } from './alert-sound';

const subscribe = (l: () => void) => alertSound.subscribe(l);
const snapshot = () => alertSound.state;

/** The alert sound's state ('blocked' until a user gesture enables it). */
export function useSoundState(): SoundState {
  return useSyncExternalStore(subscribe, snapshot, (): SoundState => 'unsupported');
}

/**
 * useOrderAlert beeps at once when an order the board has not alerted for
 * yet arrives unacknowledged, and again every REPEAT_BEEP_MS while any order
 * waits for its 'Visto'; the tab's title counts them.
 */
export function useOrderAlert(newIds: number[], titleBase: string) {
  const key = newIds.join(',');
  const alerted = useRef(new Set<number>());
  const [original] = useState(() => document.title);
  useEffect(() => () => void (document.title = original), [original]);
  useEffect(() => {
    const ids = key ? key.split(',').map(Number) : [];
    document.title = ids.length ? `(${ids.length}) ${titleBase}` : titleBase;
    if (ids.length === 0) return;
    const fresh = ids.some((id) => !alerted.current.has(id));
    ids.forEach((id) => alerted.current.add(id));
    if (fresh) alertSound.play();
    const timer = setInterval(() => alertSound.play(), REPEAT_BEEP_MS);
    return () => clearInterval(timer);
  }, [key, titleBase]);
}

/** Unix seconds now, ticking (the one clock hook of lib/clock). */
export { useNow } from '../../../lib/age';
