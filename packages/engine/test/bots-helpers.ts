/**
 * Playing bots through the real game rules: each turn the bot sees the
 * position as a FastGame, and its choice is turned into a rules action
 * (play with the VOID rule's word check, exchange or pass) on a GameState,
 * so an illegal move or a wrong score fails the test.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { exchange, pass, play } from '../src/game/actions.ts';
import { createGame, type GameState } from '../src/game/state.ts';
import type { LetterSetName } from '../src/tiles/letter-sets.ts';
import { letterSet } from '../src/tiles/letter-sets.ts';
import { boardLayout } from '../src/board/layouts.ts';
import type { Lexicon } from '../src/lexicon/lexicon.ts';
import { tokenizeWord } from '../src/lexicon/tokenize.ts';
import { Bot } from '../src/bots/bot.ts';
import type { BotResources } from '../src/bots/resources.ts';
import type { BotKind } from '../src/bots/kinds.ts';
import { Movegen } from '../src/movegen/movegen.ts';
import { EXCHANGE, MAX_LEN, PASS } from '../src/movegen/moves.ts';
import { FastGame } from '../src/sim/fast-game.ts';
import { lexiconOf } from './movegen-helpers.ts';

const require = createRequire(import.meta.url);

/** Words from a hunspell dictionary package's stems (no affix expansion), tokenised. */
export function hunspellStems(pkg: string, set: LetterSetName, limit = 20000): Uint8Array[] {
  const file = require.resolve(pkg).replace(/index\.js$/, 'index.dic');
  const out: Uint8Array[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
    const w = line.split('/')[0].trim();
    if (!w || /[A-ZÀ-Ý0-9]/.test(w[0])) continue;
    const t = tokenizeWord(set, w);
    if (t && t.length >= 2 && t.length <= 15) out.push(t);
    if (out.length >= limit) break;
  }
  return out;
}

export function resources(
  set: LetterSetName,
  words: Uint8Array[],
  common: Uint8Array[] | null = null,
): BotResources {
  const s = letterSet(set);
  const layout = boardLayout(set === 'english_super' ? 'SuperCrosswordGame' : 'CrosswordGame');
  return {
    lexicon: lexiconOf(set, words, set === 'english_super' ? 21 : 15),
    set: s,
    layout,
    leaves: null,
    common: common ? lexiconOf(set, common) : null,
  };
}

export interface RulesGame {
  readonly g: GameState;
  readonly turns: number;
}

/** One game between two bots under the rules; throws on any illegal or misscored move. */
export function playUnderRules(
  res: BotResources,
  kinds: [BotKind, BotKind],
  seed: number,
): RulesGame {
  const g = createGame({
    letterDistribution: res.set.name,
    boardLayout: res.layout.name,
    challengeRule: 'VOID',
    seed,
  });
  const fast = new FastGame(new Movegen(res.lexicon, res.set, res.layout));
  const bots = kinds.map((k, i) => {
    const b = new Bot(k, res, seed * 2 + i);
    b.limits = { simMillis: 30, simMaxIterations: 32, simCandidates: 4, endgameMillis: 60 };
    return b;
  });
  const checker: Pick<Lexicon, 'has'> = res.lexicon;
  let turns = 0;
  while (g.playState !== 'GAME_OVER') {
    if (++turns > 300) throw new Error('game did not end');
    const p = g.playerOnTurn;
    fast.loadGame(g, seed + turns);
    const { list, index } = bots[p].choose(fast);
    const kind = list.kind[index];
    const base = index * MAX_LEN;
    let r;
    if (kind === PASS) r = pass(g, p);
    else if (kind === EXCHANGE) r = exchange(g, p, list.tiles.slice(base, base + list.len[index]));
    else {
      const placement = fast.mg.placementOf(list, index);
      r = play(g, p, placement, { checker });
      if (r.ok && r.value[0].score !== list.score[index]) {
        throw new Error(`score ${list.score[index]} but the rules say ${r.value[0].score}`);
      }
    }
    if (!r.ok)
      throw new Error(`${kinds[p]} move ${fast.mg.moveText(list, index)} refused: ${r.message}`);
  }
  return { g, turns };
}

/** A midgame board: a new game (`seed`) after eight turns of hasty self-play. */
export function hastyMidgame(lexicon: Lexicon, seed: number): FastGame {
  const set = letterSet('english');
  const layout = boardLayout('CrosswordGame');
  const game = new FastGame(new Movegen(lexicon, set, layout));
  const res = { lexicon, set, layout, leaves: null };
  const bots: [Bot, Bot] = [new Bot('hasty', res, 1), new Bot('hasty', res, 2)];
  game.startNew(seed);
  for (let t = 0; t < 8 && !game.over; t++) {
    const d = bots[game.onTurn].choose(game);
    game.apply(d.list, d.index);
  }
  return game;
}
