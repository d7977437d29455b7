import { describe, expect, it } from 'vitest';
import { refusalText } from '@tessera/protocol';
import { MESSAGES } from '@tessera/pairing';
import {
  divisionControlsRefusals,
  roundControlRefusal,
  roundControlsRefusal,
} from '../src/index.ts';

/** The checks of §5 that the server refuses with and the web's director forms show. */
describe('round and division controls', () => {
  const swiss = { pairingMethod: 'swiss' as const };
  const cop = { pairingMethod: 'cop' as const };

  it('accepts a Swiss first half and COP to the end', () => {
    expect(roundControlsRefusal(4, [swiss, swiss, cop, cop])).toBeUndefined();
  });

  it("refuses with Tessera's keys first, then the pairing's problems in its words", () => {
    expect(roundControlsRefusal(2, [swiss, { ...swiss, gamesPerRound: 0 }])?.key).toBe(
      'TOURNAMENT_ZERO_GAMES_PER_ROUND',
    );
    expect(roundControlsRefusal(4, [swiss, swiss, cop, swiss])?.key).toBe(
      'TOURNAMENT_NON_COP_AFTER_COP',
    );
    const weight = roundControlsRefusal(1, [{ ...swiss, repeatRelativeWeight: 0 }]);
    expect(weight?.key).toBe('TOURNAMENT_CONTROLS_INVALID');
    expect(weight && refusalText(weight)).toBe(MESSAGES.repeatWeight);
  });

  it('keeps the control loss activation round inside the event', () => {
    const late = roundControlsRefusal(4, [
      swiss,
      swiss,
      cop,
      { ...cop, controlLossActivationRound: 4 },
    ]);
    expect(late && refusalText(late)).toBe(MESSAGES.activationRound(4));
  });

  it('checks one round in its place: Initial Fontes only first, COP only in the second half', () => {
    const fontes = { pairingMethod: 'initial_fontes' as const, initialFontes: 3 };
    expect(roundControlRefusal(fontes, 0, 6, { cop: false, other: false })).toBeUndefined();
    const after = roundControlRefusal(fontes, 1, 6, { cop: false, other: true });
    expect(after && refusalText(after)).toBe(MESSAGES.fontesFirst);
    const early = roundControlRefusal(cop, 1, 6, { cop: false, other: true });
    expect(early && refusalText(early)).toBe(MESSAGES.cop(4));
  });

  it('names each division control that is wrong', () => {
    const found = divisionControlsRefusals({
      spreadCap: -1,
      minimumPlacement: 0,
      gibsonSpread: NaN,
    });
    expect(found.map((f) => [f.problem.key, refusalText(f.refusal)])).toEqual([
      ['spreadCap', MESSAGES.spreadCap],
      ['gibsonSpread', MESSAGES.gibsonSpread],
    ]);
  });
});
