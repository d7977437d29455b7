/**
 * Issue 36, item 11: pairing runs on worker threads with a deadline, one at
 * a time per division, and a repeat call while one runs joins it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Refusal } from '@tessera/protocol';
import { emptyState, fold, openRounds, pairingInput } from '@tessera/tournament';
import { premadePairings } from '../src/modules/tournament/premade.ts';
import { PairingPool } from '../src/modules/tournament/pairing-pool.ts';
import { eventLog } from './fixtures/big-event.ts';

const pool = new PairingPool(1);
afterAll(() => pool.close());

const state = fold(eventLog(600, 12, 8, 'swiss'), emptyState('pool'));
const input = pairingInput(state.divisions[0], 8, false);

describe('the pairing pool (issue 36 item 11)', () => {
  it('a Swiss of 600 players on a worker: the event loop keeps turning, a repeat joins the run', async () => {
    let last = performance.now();
    let worst = 0;
    const probe = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 10);
    const first = pool.pair('pool/A', input);
    const again = pool.pair('pool/A', input);
    expect(again).toBe(first);
    const res = await first;
    clearInterval(probe);
    expect(res.ok).toBe(true);
    if (res.ok) expect(res.pairing.opponent.every((o) => o >= 0)).toBe(true);
    // Starting a worker costs some milliseconds; the pairing itself none of the loop's.
    expect(worst).toBeLessThan(250);
  });

  it('opening a round pairs it on the worker first: the change under the lock only compares the inputs (decision 0124)', async () => {
    // The fixture has no game settings; opening an online round wants some.
    const st = structuredClone(state);
    st.divisions[0].extras.gameRequest = { lexicon: 'ENABLE' };
    const d = st.divisions[0];
    const premade = await premadePairings((k, i) => pool.pair(k, i), st, d.name, 8, false);
    expect(premade.get(d.id)?.pairs.length).toBeGreaterThan(0);
    const t0 = performance.now();
    const entries = openRounds(st, d.name, 8, false, premade);
    const took = performance.now() - t0;
    const set = entries.find((e) => e.kind === 'pairings.set');
    expect(set && 'pairs' in set ? set.pairs : []).toEqual(premade.get(d.id)?.pairs);
    expect(entries.at(-1)?.kind).toBe('round.started');
    // Inline, a Swiss of 600 takes seconds of the loop; here only the checks run.
    expect(took).toBeLessThan(250);
  });

  it('past its deadline the worker is stopped and the caller refused with its code', async () => {
    const quick = new PairingPool(1, 1);
    try {
      const err = await quick.pair('pool/B', input).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Refusal);
      expect((err as Refusal).key).toBe('TOURNAMENT_PAIRING_TIMEOUT');
      expect(
        await quick.pair('pool/B', pairingInput(state.divisions[0], 8, false)).catch(() => 'again'),
      ).toBe('again');
    } finally {
      await quick.close();
    }
  });
});
