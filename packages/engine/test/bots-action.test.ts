import { describe, expect, it } from 'vitest';
import { botAction } from '../src/bots/action.ts';
import { Bot } from '../src/bots/bot.ts';
import { resolveBot, USER_BOTS } from '../src/bots/kinds.ts';
import { exchange, pass, play } from '../src/game/actions.ts';
import { createGame } from '../src/game/state.ts';
import { englishWords } from './movegen-helpers.ts';
import { resources } from './bots-helpers.ts';

const res = resources('english', englishWords(20, true), englishWords(10));

describe('bot actions in a live game', () => {
  it('every user-facing bot answers with a move the rules accept', () => {
    for (const user of USER_BOTS) {
      const kind = resolveBot(user.name, 'SCOWL-EN')!;
      const g = createGame({ seed: 17, challengeRule: 'VOID', lexicon: 'SCOWL-EN' });
      const bot = new Bot(kind, res, 3);
      bot.limits = { simMaxIterations: 16, simCandidates: 3, endgameMillis: 50 };
      for (let turn = 0; turn < 4 && g.playState !== 'GAME_OVER'; turn++) {
        const p = g.playerOnTurn;
        const a = botAction(bot, g);
        const r =
          a.type === 'play'
            ? play(g, p, a.placement, { checker: res.lexicon })
            : a.type === 'exchange'
              ? exchange(g, p, a.tiles)
              : pass(g, p);
        expect(r.ok, `${user.name}: ${a.text}`).toBe(true);
        if (a.type === 'play' && r.ok) expect(r.value[0].score).toBe(a.score);
      }
    }
  }, 60_000);

  it('maps user-facing names to engine kinds by lexicon', () => {
    expect(resolveBot('HastyBot', 'SCOWL-EN')).toBe('hasty');
    expect(resolveBot('BestBot', 'FRA-OPEN')).toBe('simming-infer');
    expect(resolveBot('BeginnerBot', 'CSW24')).toBe('common1');
    // Both free English lists play their low levels from COMMON-EN.
    expect(resolveBot('BeginnerBot', 'ENABLE')).toBe('common1');
    expect(resolveBot('BasicBot', 'SCOWL-EN')).toBe('common2');
    expect(resolveBot('BeginnerBot', 'RD-OPEN')).toBe('prob1');
    expect(resolveBot('prob3', 'anything')).toBe('prob3');
    expect(resolveBot('NoSuchBot', 'SCOWL-EN')).toBeNull();
  });
});
