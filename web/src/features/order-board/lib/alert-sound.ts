/**
 * The board's alert: a short two-tone beep made with the Web Audio API (no
 * audio file to download or to allow in the Content-Security-Policy).
 * Browsers keep audio suspended until a user gesture on the page: `state`
 * says 'blocked' then, and the board shows its 'Activar sonido' button,
 * whose click calls `enable()`. Once on, the staff can silence it
 * (`mute()`, state 'muted') and turn it on again (`enable()`).
 */
export type SoundState = 'unsupported' | 'blocked' | 'on' | 'muted';

type Listener = (state: SoundState) => void;

type AudioCtor = typeof AudioContext;

function audioConstructor(): AudioCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

class AlertSound {
  private ctx: AudioContext | null = null;
  private muted = false;
  private listeners = new Set<Listener>();

  private context(): AudioContext | null {
    if (this.ctx) return this.ctx;
    const Ctor = audioConstructor();
    if (!Ctor) return null;
    try {
      this.ctx = new Ctor();
    } catch {
      return null;
    }
    this.ctx.addEventListener?.('statechange', () => this.notify());
    return this.ctx;
  }

  get state(): SoundState {
    const ctx = this.context();
    if (!ctx) return 'unsupported';
    if (ctx.state !== 'running') return 'blocked';
    return this.muted ? 'muted' : 'on';
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify() {
    const s = this.state;
    for (const l of this.listeners) l(s);
  }

  /** Silences the alert until `enable()` (new orders still show and blink). */
  mute(): void {
    this.muted = true;
    this.notify();
  }

  /** Resumes the audio and unmutes it: call it from a click (the user gesture browsers want). */
  async enable(): Promise<void> {
    const ctx = this.context();
    if (!ctx) return;
    this.muted = false;
    try {
      await ctx.resume();
      this.play(0.05); // a quiet confirmation that sound works
    } catch {
      // still blocked: the button stays
    }
    this.notify();
  }

  /** Plays the alert beep (nothing while audio is blocked or muted). */
  play(volume = 0.3): void {
    const ctx = this.context();
    if (!ctx || ctx.state !== 'running' || this.muted) return;
    const start = ctx.currentTime;
    [880, 1175].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const t = start + i * 0.18;
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(volume, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.16);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + 0.17);
    });
  }
}

/** The page's one alert sound (tests spy on `play`). */
export const alertSound = new AlertSound();

/** How often an unacknowledged order beeps again. */
export const REPEAT_BEEP_MS = 5000;
