import { isSoundName, SOUNDS, type SoundName, type Tone } from './recipes.ts';

/** The few parts of an AudioContext the player uses (tests pass a fake). */
export type AudioContextLike = Pick<
  AudioContext,
  'currentTime' | 'destination' | 'createOscillator' | 'createGain' | 'state' | 'resume'
>;

const MASTER_GAIN = 0.5;
const ATTACK_S = 0.005;

function defaultContext(): AudioContextLike | null {
  return typeof AudioContext === 'undefined' ? null : new AudioContext();
}

/**
 * Plays the site's sounds. The audio context is made on the first sound, so
 * a page that plays none (the embedded board) never makes one. The silent
 * site setting mutes everything; an unknown name is a bug and throws
 * ("unsupported sound"); a failure to play is only warned about
 * (docs/product/gameplay.md §8).
 */
export class SoundPlayer {
  private ctx: AudioContextLike | null | undefined;

  constructor(
    private readonly muted: () => boolean,
    private readonly createContext: () => AudioContextLike | null = defaultContext,
  ) {}

  play(name: SoundName | (string & {})): void {
    if (!isSoundName(name)) throw new Error(`unsupported sound: ${name}`);
    if (this.muted()) return;
    try {
      if (this.ctx === undefined) this.ctx = this.createContext();
      const ctx = this.ctx;
      if (!ctx) return;
      // Browsers start a context suspended until the page has been interacted with.
      if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
      for (const tone of SOUNDS[name] as readonly Tone[]) this.tone(ctx, tone);
    } catch (err) {
      console.warn(`sound ${name} could not be played`, err);
    }
  }

  private tone(ctx: AudioContextLike, t: Tone): void {
    const start = ctx.currentTime + t.at;
    const end = start + t.for;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = t.wave ?? 'sine';
    osc.frequency.setValueAtTime(t.hz, start);
    if (t.to) osc.frequency.exponentialRampToValueAtTime(t.to, end);
    const peak = (t.gain ?? 0.3) * MASTER_GAIN;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(peak, start + ATTACK_S);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(start);
    osc.stop(end + 0.02);
  }
}
