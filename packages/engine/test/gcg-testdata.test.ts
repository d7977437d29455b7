import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gcg } from '../src/index.ts';
import { HAVE_TESTDATA, TESTDATA, testFile } from './support/fixtures.ts';
import { snapshot } from './support/snapshot.ts';

const UNSUPPORTED = 'gcgio-name_weird_encoding_with_header.gcg';
const files = HAVE_TESTDATA
  ? readdirSync(TESTDATA)
      .filter((f) => f.endsWith('.gcg') && f !== UNSUPPORTED)
      .sort()
  : [];

describe.skipIf(!HAVE_TESTDATA)('real game records (shared/testdata/gcg)', () => {
  it('there are records to replay', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(files)('%s replays with every recorded score reproduced', (file) => {
    const r = gcg.replayGcg(testFile(file));
    expect(r.ok ? 'ok' : r.message).toBe('ok');
    if (!r.ok) return;
    expect(r.value.error?.message ?? null).toBeNull();
    expect(r.value.mismatches).toEqual([]);
    expect(r.value.turns).toBe(r.value.record.moves.length);
    // The last running total of each player is what the replay computed.
    for (const p of [0, 1]) {
      const nick = r.value.game.players[p].nickname;
      const last = r.value.record.moves.filter((m) => m.nickname === nick).pop();
      if (last) expect(r.value.computed[p]).toBe(last.cumulative);
      expect(r.value.game.scores[p]).toBe(r.value.computed[p]);
    }
  });

  it.each(files)('%s exported and imported again is the same game', (file) => {
    const first = gcg.importGcg(testFile(file));
    if (!first.ok) throw new Error(first.message);
    const text = gcg.writeGcg(first.value);
    const second = gcg.importGcg(text);
    expect(second.ok ? 'ok' : second.message).toBe('ok');
    if (!second.ok) return;
    expect(snapshot(second.value)).toEqual(snapshot(first.value));
    expect(second.value.players).toEqual(first.value.players);
    expect(gcg.writeGcg(second.value)).toBe(text);
  });

  it('a declared ISO8859-6 encoding is refused with a clear error', () => {
    const r = gcg.replayGcg(testFile(UNSUPPORTED));
    expect(r).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_ENCODING',
      line: 1,
      message: "line 1: unsupported character encoding 'ISO8859-6' (supported: UTF-8, ISO-8859-1)",
    });
  });

  it('player names in Latin-1 bytes without a pragma read correctly', () => {
    const g = gcg.importGcg(testFile('gcgio-name_iso8859-1.gcg'));
    expect(g.ok && g.value.players.map((p) => p.nickname)).toEqual(['césar', 'hércules']);
  });

  it('UTF-8 names read the same with or without the encoding pragma', () => {
    for (const f of ['gcgio-name_utf8_noheader.gcg', 'gcgio-name_utf8_with_header.gcg']) {
      const g = gcg.importGcg(testFile(f));
      expect(g.ok && g.value.players[0].nickname).toBe('césar');
    }
  });

  it('CRLF files keep notes without carriage returns', () => {
    const g = gcg.importGcg(testFile('gcgio-utf8_dos.gcg'));
    if (!g.ok) throw new Error(g.message);
    expect(g.value.events[0].note).toBe(
      'quack not fan of blonde at 8d. he prefers better bolden bodle dobla blonde ( for 22 ) doable boned ',
    );
    expect(g.value.events.every((e) => !e.note.includes('\r'))).toBe(true);
  });

  it('the Polish game is read with the Polish letter set, found from its tiles', () => {
    const r = gcg.replayGcg(testFile('gcgio-polish_endgame.gcg'));
    if (!r.ok) throw new Error(r.message);
    expect(r.value.game.set.name).toBe('polish');
    expect(r.value.computed).toEqual([316, 323]);
    expect(r.value.game.events[2]).toMatchObject({ playedTiles: 'STĘPIĆ', score: 46 });
  });

  it('an incomplete game stops mid-way with the next rack from #rack1', () => {
    const g = gcg.importGcg(testFile('gcgio-incomplete_3.gcg'));
    if (!g.ok) throw new Error(g.message);
    expect(g.value.playState).toBe('PLAYING');
    expect(g.value.playerOnTurn).toBe(0);
    expect(g.value.scores).toEqual([336, 298]);
    expect(gcg.writeGcg(g.value)).toContain('#rack1 AEEIILZ');
  });

  it('a #rack2 that cannot be right is skipped with a warning naming its line', () => {
    const r = gcg.replayGcg(testFile('gcgio-incomplete_elise.gcg'));
    if (!r.ok) throw new Error(r.message);
    expect(r.value.mismatches).toEqual([]);
    expect(r.value.warnings).toEqual([
      'line 26: #rack2 AAAELQS: not enough A tiles for both racks',
    ]);
  });

  it('phonies, challenge bonuses and the final rack points are events of their own', () => {
    const g = gcg.importGcg(testFile('gcgio-josh2.gcg'));
    if (!g.ok) throw new Error(g.message);
    const kinds = new Set(g.value.events.map((e) => e.type));
    expect([...kinds].sort()).toEqual([
      'CHALLENGE_BONUS',
      'END_RACK_PTS',
      'EXCHANGE',
      'PHONY_TILES_RETURNED',
      'TILE_PLACEMENT_MOVE',
    ]);
    expect(g.value.events[1]).toMatchObject({ type: 'CHALLENGE_BONUS', bonus: 5, cumulative: 37 });
    expect(g.value.events[3]).toMatchObject({
      playedTiles: 'MITT',
      note: 'K5 MID(LI)ST #knowledgemedium',
    });
  });

  it('a time penalty after the end is kept and counted', () => {
    const r = gcg.replayGcg(testFile('preendgame-issue_476.gcg'));
    if (!r.ok) throw new Error(r.message);
    const last = r.value.game.events.at(-1)!;
    expect(last).toMatchObject({ type: 'TIME_PENALTY', lostScore: 10, cumulative: 422 });
    expect(r.value.game.winner).toBe(1);
  });
});
