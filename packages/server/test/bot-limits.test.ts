import { DEFAULT_ENDGAME_MILLIS } from '@tessera/engine/ai';
import { describe, expect, it } from 'vitest';
import { thinkingLimits } from '../src/modules/bot/player.ts';

describe('bot thinking time', () => {
  it('gives the endgame the solver’s full budget when the clock allows, and a slice of a short clock', () => {
    // Ten minutes left (and correspondence, counted as one minute).
    expect(thinkingLimits(600_000)).toEqual({
      simMillis: 3000,
      endgameMillis: DEFAULT_ENDGAME_MILLIS,
    });
    expect(thinkingLimits(60_000).endgameMillis).toBe(DEFAULT_ENDGAME_MILLIS);
    // Twenty seconds: two for the endgame, one for a simulation.
    expect(thinkingLimits(20_000)).toEqual({ simMillis: 1000, endgameMillis: 2000 });
    // Nearly flagged: half a second, never less.
    expect(thinkingLimits(2_000)).toEqual({ simMillis: 500, endgameMillis: 500 });
    expect(thinkingLimits(0)).toEqual({ simMillis: 500, endgameMillis: 500 });
  });
});
