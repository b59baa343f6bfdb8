import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../../app/i18n';

initI18n();

/** A Web Audio context the browser keeps suspended until resume() (its autoplay rule). */
class FakeAudioContext extends EventTarget {
  static created: FakeAudioContext[] = [];
  state: AudioContextState = 'suspended';
  currentTime = 0;
  destination = {};
  oscillators = 0;
  constructor() {
    super();
    FakeAudioContext.created.push(this);
  }
  async resume() {
    this.state = 'running';
    this.dispatchEvent(new Event('statechange'));
  }
  createOscillator() {
    this.oscillators += 1;
    return { type: '', frequency: { value: 0 }, connect: (n: unknown) => n, start() {}, stop() {} };
  }
  createGain() {
    const ramp = () => {};
    return { gain: { setValueAtTime: ramp, exponentialRampToValueAtTime: ramp }, connect: (n: unknown) => n };
  }
}

describe('alert sound', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for 'Activar sonido' while the browser blocks audio, then beeps", async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.resetModules();
    const { alertSound } = await import('./lib/alert-sound');
    const { useSoundState } = await import('./lib/use-order-alert');
    function Probe() {
      const state = useSoundState();
      return state === 'blocked' ? (
        <button type="button" onClick={() => void alertSound.enable()}>
          Activar sonido
        </button>
      ) : (
        <p>{state}</p>
      );
    }
    render(<Probe />);
    const ctx = FakeAudioContext.created[0];
    alertSound.play();
    expect(ctx.oscillators).toBe(0); // nothing plays while suspended
    await userEvent.setup().click(screen.getByRole('button', { name: 'Activar sonido' }));
    await waitFor(() => expect(screen.getByText('on')).toBeInTheDocument());
    const after = ctx.oscillators;
    alertSound.play();
    expect(ctx.oscillators).toBe(after + 2); // the two tones of the beep
  });
});

describe("the board's sound control", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns the alert on, silences it and turns it on again', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.resetModules();
    const { alertSound } = await import('./lib/alert-sound');
    const { SoundControl } = await import('./components/OrderBoard');
    render(<SoundControl />);
    const user = userEvent.setup();
    const ctx = FakeAudioContext.created.at(-1)!;
    await user.click(screen.getByRole('button', { name: 'Activar sonido' }));
    expect(await screen.findByText('Sonido activado')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Silenciar' }));
    expect(await screen.findByText('Sonido silenciado')).toBeInTheDocument();
    const before = ctx.oscillators;
    alertSound.play();
    expect(ctx.oscillators).toBe(before); // a new order's beep stays silent

    await user.click(screen.getByRole('button', { name: 'Activar sonido' }));
    expect(await screen.findByText('Sonido activado')).toBeInTheDocument();
    const after = ctx.oscillators;
    alertSound.play();
    expect(ctx.oscillators).toBe(after + 2);
  });
});
