import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addGame, emptyTotals, gameStats, gcg, makeEvent, mergeTotals } from '../src/index.ts';
import { HAVE_TESTDATA, TESTDATA, testFile } from './support/fixtures.ts';

const files = HAVE_TESTDATA
  ? readdirSync(TESTDATA)
      .filter((f) => f.endsWith('.gcg'))
      .sort()
  : [];

/**
 * A stand-in lexicon for the records: every word of seven or more tiles laid
 * in one play without touching the board's tiles is "phony" (the set is read
 * from the lines, so the count below can tell them by their word alone).
 */
const LONG = 7;
const FRESH_PLAY =
  /^>[^:]*:\s+\S*\s+(\d+[A-Za-z]|[A-Za-z]\d+)\s+([^\s.()]+)\s+[+-]?\d+\s+-?\d+\s*$/;

function longWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const m = FRESH_PLAY.exec(line.trim());
    if (m && [...m[2]].length >= LONG) out.add(m[2]);
  }
  return out;
}

/** The record's text: UTF-8, or Latin-1 bytes when it is not valid UTF-8. */
function recordText(file: string): string {
  const bytes = readFileSync(new URL(file, TESTDATA));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

interface Count {
  score: number;
  highTurn: number;
  bingos: number;
  challengedPhonies: number;
  unchallengedPhonies: number;
}

/**
 * The statistics counted from the record's own lines, without the engine:
 * `>nick: RACK POS WORD +score total` is a play, `>nick: RACK -- -score total`
 * withdraws that player's last play; the last total on a player's line is
 * their score.
 */
function countFromLines(text: string, phonies: Set<string>): Count[] {
  const nicks: string[] = [];
  const counts: Count[] = [0, 1].map(() => ({
    score: 0,
    highTurn: 0,
    bingos: 0,
    challengedPhonies: 0,
    unchallengedPhonies: 0,
  }));
  const plays: { tiles: number; score: number; word: string; off: boolean }[][] = [[], []];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const player = /^#player([12])\s+(\S+)/.exec(line);
    if (player) nicks[Number(player[1]) - 1] = player[2];
    if (!line.startsWith('>')) continue;
    const colon = line.indexOf(':');
    const p = nicks.indexOf(line.slice(1, colon));
    if (p < 0) continue;
    const tokens = line
      .slice(colon + 1)
      .trim()
      .split(/\s+/);
    counts[p].score = Number(tokens[tokens.length - 1]);
    if (tokens[1] === '--') {
      const last = plays[p][plays[p].length - 1];
      if (last) last.off = true;
      counts[p].challengedPhonies++;
    } else if (tokens.length === 5 && /^(\d+[A-Za-z]|[A-Za-z]\d+)$/.test(tokens[1])) {
      // The word: '.' or a bracketed run is a tile already on the board.
      const word = tokens[2];
      const fresh = word.replace(/\([^)]*\)/g, '').replace(/\./g, '');
      plays[p].push({ tiles: [...fresh].length, score: Number(tokens[3]), word, off: false });
    }
  }
  for (const p of [0, 1]) {
    for (const play of plays[p]) {
      if (play.off) continue;
      if (play.tiles === 7) counts[p].bingos++;
      counts[p].highTurn = Math.max(counts[p].highTurn, play.score);
      if (phonies.has(play.word)) counts[p].unchallengedPhonies++;
    }
  }
  return counts;
}

describe.skipIf(!HAVE_TESTDATA)('statistics of the real game records', () => {
  const replayed = files.filter((f) => {
    const r = gcg.replayGcg(testFile(f));
    return r.ok && !r.value.error;
  });

  it('most records replay', () => {
    expect(replayed.length).toBeGreaterThan(40);
  });

  it.each(replayed)('%s: bingos, phonies, high turn and score as the lines count them', (file) => {
    const r = gcg.replayGcg(testFile(file));
    if (!r.ok) throw new Error(r.message);
    const g = r.value.game;
    const text = recordText(file);
    const phonies = longWords(text);
    const stats = gameStats(g.events, g.winner, (w) => !phonies.has(w));
    const expected = countFromLines(text, phonies);
    for (const p of [0, 1]) {
      expect({
        score: stats[p].score,
        highTurn: stats[p].highTurn,
        bingos: stats[p].bingos,
        challengedPhonies: stats[p].challengedPhonies,
        unchallengedPhonies: stats[p].unchallengedPhonies,
      }).toEqual(expected[p]);
    }
  });
});

describe('statistics of a game', () => {
  const play = (p: number, score: number, tiles: string) =>
    makeEvent('TILE_PLACEMENT_MOVE', p, { score, playedTiles: tiles, wordsFormed: [tiles] });

  it('a withdrawn play is a challenged phony and the challenger wins the challenge', () => {
    const [a, b] = gameStats(
      [
        play(0, 80, 'ABCDEFG'),
        makeEvent('PHONY_TILES_RETURNED', 0, { lostScore: 80 }),
        play(1, 20, 'XY'),
        makeEvent('CHALLENGE_BONUS', 1, { bonus: 5 }),
      ],
      1,
    );
    expect(a).toMatchObject({ score: 0, bingos: 0, highTurn: 0, challengedPhonies: 1, turns: 1 });
    expect(b).toMatchObject({ score: 25, challengesWon: 2, highTurn: 20, result: 1 });
    expect(a.result).toBe(0);
  });

  it('totals sum games and keep the highest game and turn', () => {
    const t = emptyTotals();
    addGame(t, { ...gameStats([play(0, 30, 'AB')], 0)[0] });
    addGame(t, { ...gameStats([play(0, 50, 'ABCDEFG')], -1)[0] });
    expect(t).toMatchObject({ games: 2, wins: 1, draws: 1, score: 80, highGame: 50, bingos: 1 });
    expect(mergeTotals(t, t)).toMatchObject({ games: 4, highGame: 50, score: 160 });
  });
});
