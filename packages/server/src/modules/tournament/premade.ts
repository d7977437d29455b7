/**
 * Opening a round pairs it when nobody has (§4). That pairing runs on the
 * pairing pool before the change takes the tournament's lock, never on the
 * event loop (decision 0124); the change uses it if the division's input is
 * still the same under the lock.
 */
import { Refusal } from '@tessera/protocol';
import type { PairingResult } from '@tessera/pairing';
import {
  openingInputs,
  pairsOf,
  type PairingInput,
  type Premade,
  type TState,
} from '@tessera/tournament';

export type Pair = (key: string, input: PairingInput) => Promise<PairingResult>;

export async function premadePairings(
  pair: Pair,
  st: TState,
  division: string,
  round: number,
  all: boolean,
): Promise<Premade> {
  const out: Premade = new Map();
  await Promise.all(
    openingInputs(st, division, round, all).map(async ({ division: d, input }) => {
      try {
        const { pairs } = pairsOf(d, input, await pair(`${st.id}/${d.id}`, input));
        out.set(d.id, { input: JSON.stringify(input), pairs });
      } catch (err) {
        // A pairing that fails is refused by the change itself, in its own words.
        if (!(err instanceof Refusal && err.key === 'TOURNAMENT_PAIRING_FAILED')) throw err;
      }
    }),
  );
  return out;
}
