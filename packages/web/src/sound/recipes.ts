/**
 * The site's sounds (docs/product/gameplay.md §9 "Sounds"), synthesised with Web
 * Audio rather than shipped as files: each is a few short tones. A tone
 * starts `at` seconds into the sound, lasts `for` seconds, and may glide to
 * `to` Hz; its loudness rises in 5 ms and decays exponentially, which is
 * what makes a sine sound like a struck bell rather than a beep.
 */
export interface Tone {
  hz: number;
  at: number;
  for: number;
  wave?: OscillatorType;
  gain?: number;
  to?: number;
}

export const SOUNDS = {
  /** One's own move landed on the board: a short wooden knock. */
  makeMove: [
    { hz: 1250, at: 0, for: 0.05, wave: 'triangle', gain: 0.35, to: 700 },
    { hz: 420, at: 0.01, for: 0.08, wave: 'sine', gain: 0.3 },
  ],
  /** The opponent moved: two soft rising notes. */
  opponentMove: [
    { hz: 523.25, at: 0, for: 0.12, gain: 0.25 },
    { hz: 659.25, at: 0.09, for: 0.16, gain: 0.25 },
  ],
  matchRequest: [
    { hz: 659.25, at: 0, for: 0.14 },
    { hz: 783.99, at: 0.12, for: 0.14 },
    { hz: 987.77, at: 0.24, for: 0.28 },
  ],
  startGame: [
    { hz: 523.25, at: 0, for: 0.12 },
    { hz: 659.25, at: 0.1, for: 0.12 },
    { hz: 783.99, at: 0.2, for: 0.12 },
    { hz: 1046.5, at: 0.3, for: 0.35 },
  ],
  endGame: [
    { hz: 783.99, at: 0, for: 0.2 },
    { hz: 659.25, at: 0.16, for: 0.2 },
    { hz: 523.25, at: 0.32, for: 0.5 },
  ],
  /** A private message. */
  receiveChat: [
    { hz: 1174.66, at: 0, for: 0.07, gain: 0.2 },
    { hz: 1567.98, at: 0.08, for: 0.1, gain: 0.2 },
  ],
  newTournamentRound: [
    { hz: 440, at: 0, for: 0.16, wave: 'square', gain: 0.12 },
    { hz: 554.37, at: 0.14, for: 0.16, wave: 'square', gain: 0.12 },
    { hz: 659.25, at: 0.28, for: 0.3, wave: 'square', gain: 0.12 },
  ],
  /** The opponent asks to cancel, or nudges. */
  abortNudge: [
    { hz: 330, at: 0, for: 0.14, wave: 'square', gain: 0.15 },
    { hz: 330, at: 0.2, for: 0.14, wave: 'square', gain: 0.15 },
  ],
  puzzleStart: [
    { hz: 587.33, at: 0, for: 0.12 },
    { hz: 880, at: 0.1, for: 0.25 },
  ],
  /** A right answer, and a challenge that found the play valid. */
  correct: [
    { hz: 659.25, at: 0, for: 0.12 },
    { hz: 987.77, at: 0.1, for: 0.3 },
  ],
  /** A wrong answer, and a play challenged off the board. */
  wrong: [{ hz: 240, at: 0, for: 0.35, wave: 'sawtooth', gain: 0.15, to: 170 }],
  /** Easter eggs (a special avatar can be petted). */
  woof: [
    { hz: 210, at: 0, for: 0.12, wave: 'sawtooth', gain: 0.2, to: 110 },
    { hz: 230, at: 0.16, for: 0.12, wave: 'sawtooth', gain: 0.2, to: 120 },
  ],
  meow: [{ hz: 700, at: 0, for: 0.45, wave: 'triangle', gain: 0.25, to: 480 }],
} as const satisfies Record<string, readonly Tone[]>;

export type SoundName = keyof typeof SOUNDS;

export function isSoundName(name: string): name is SoundName {
  return Object.hasOwn(SOUNDS, name);
}
