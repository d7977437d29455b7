import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_RULES,
  fromDocument,
  replay,
  setupOf,
  toDocument,
  type ChallengeRule,
  type LetterSetName,
  type Variant,
  gcg,
} from '../src/index.ts';
import { randomGame } from './support/random-game.ts';
import { snapshot } from './support/snapshot.ts';

interface Case {
  seed: number;
  passRate: number;
  rule: ChallengeRule;
  variant: Variant;
  letters?: LetterSetName;
}

const LETTERS: LetterSetName[] = ['english', 'spanish', 'catalan', 'polish', 'german', 'norwegian'];

const CASES: Case[] = [];
for (let seed = 1; seed <= 36; seed++) {
  CASES.push({
    seed,
    passRate: seed % 4 === 0 ? 700 : 30,
    rule: CHALLENGE_RULES[seed % CHALLENGE_RULES.length],
    variant: seed % 9 === 0 ? 'classic_super' : seed % 7 === 0 ? 'wordsmog' : 'classic',
    letters: seed % 9 === 0 ? undefined : LETTERS[seed % LETTERS.length],
  });
}

const name = (c: Case) => `seed ${c.seed}, ${c.rule}, ${c.variant}, ${c.letters ?? 'default'}`;

describe('random legal games', () => {
  it.each(CASES.map((c) => [name(c), c] as const))(
    '%s: replaying the event log rebuilds the same game',
    (_, c) => {
      const { game } = randomGame({ ...c, endings: true });
      expect(game.events.length).toBeGreaterThan(0);
      const again = replay(setupOf(game), game.events);
      expect(again.ok).toBe(true);
      if (!again.ok) return;
      expect(snapshot(again.value)).toEqual(snapshot(game));
      expect(again.value.bag.contents()).toEqual(game.bag.contents());
      expect(again.value.bag.rngState()).toEqual(game.bag.rngState());
    },
  );

  it.each(CASES.map((c) => [name(c), c] as const))(
    '%s: the JSON document loads back to the same game',
    (_, c) => {
      const { game } = randomGame({ ...c, endings: true });
      const doc = JSON.parse(JSON.stringify(toDocument(game)));
      const loaded = fromDocument(doc);
      expect(loaded.ok ? 'ok' : loaded.message).toBe('ok');
      if (!loaded.ok) return;
      expect(snapshot(loaded.value)).toEqual(snapshot(game));
      expect(toDocument(loaded.value)).toEqual(toDocument(game));
    },
  );

  it.each(CASES.map((c) => [name(c), c] as const))(
    '%s: its GCG imports as the same game with every score agreeing',
    (_, c) => {
      const { game } = randomGame({ ...c, endings: true });
      const text = gcg.writeGcg(game);
      const imported = gcg.importGcg(text);
      expect(imported.ok ? 'ok' : imported.message).toBe('ok');
      if (!imported.ok) return;
      expect(snapshot(imported.value)).toEqual(snapshot(game, { clocks: false }));
      const checked = gcg.replayGcg(text);
      expect(checked.ok && checked.value.mismatches).toEqual([]);
      expect(checked.ok && checked.value.computed).toEqual(game.scores);
      // Writing the imported game gives the same text.
      expect(gcg.writeGcg(imported.value)).toBe(text);
    },
  );

  it('covers every event type across the seeds', () => {
    const seen = new Set<string>();
    for (const c of CASES)
      for (const e of randomGame({ ...c, endings: true }).game.events) seen.add(e.type);
    expect([...seen].sort()).toEqual(
      [
        'TILE_PLACEMENT_MOVE',
        'PHONY_TILES_RETURNED',
        'PASS',
        'CHALLENGE_BONUS',
        'EXCHANGE',
        'END_RACK_PTS',
        'TIME_PENALTY',
        'END_RACK_PENALTY',
        'UNSUCCESSFUL_CHALLENGE_TURN_LOSS',
        'CHALLENGE',
        'TIMED_OUT',
        'RESIGNED',
      ].sort(),
    );
  });
});
