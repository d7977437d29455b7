import { describe, expect, it } from 'vitest';
import { Prng, gcg } from '../src/index.ts';
import { HAVE_TESTDATA, testFile } from './support/fixtures.ts';

const HEAD = '#player1 ann Ann\n#player2 bob Bob\n';

function gcgText(lines: string[], head = HEAD): string {
  return head + lines.join('\n') + '\n';
}

describe('GCG with multi-letter tiles', () => {
  it('a Spanish game scores CH and RR as single tiles and writes them back', () => {
    const text = gcgText(
      ['>ann: CHORRSU 8E CHURRO +30 30', '>bob: AEILNST F6 DE. +6 6'],
      '#lexicon FILE2017\n' + HEAD,
    );
    // bob's rack lacks D: the second line is illegal and named.
    const r = gcg.replayGcg(text);
    if (!r.ok) throw new Error(r.message);
    expect(r.value.game.set.name).toBe('spanish');
    expect(r.value.mismatches).toEqual([]);
    expect(r.value.error?.message).toBe('line 5: The tiles played are not all on the rack.');
    const good = gcg.importGcg(
      gcgText(['>ann: CHORRSU 8E CHURRO +30 30'], '#lexicon FILE2017\n' + HEAD),
    );
    if (!good.ok) throw new Error(good.message);
    expect(good.value.board.tileCount).toBe(4);
    expect(good.value.events[0]).toMatchObject({ playedTiles: 'CHURRO', rack: 'CHORRSU' });
    expect(gcg.writeGcg(good.value)).toContain('>ann: CHORRSU 8E CHURRO +30 30');
  });

  it('a Spanish C then H played as two tiles is written [C]H and read back the same', () => {
    // 8G C H E: C(3) on G, H(4) on the centre, E(1): (3 + 4 + 1) x 2.
    const text = gcgText(['>ann: CEHOST? 8G [C]HE +16 16'], '#lexicon FILE2017\n' + HEAD);
    const g = gcg.importGcg(text);
    if (!g.ok) throw new Error(g.message);
    expect(g.value.board.tileCount).toBe(3);
    const out = gcg.writeGcg(g.value);
    expect(out).toContain('8G [C]HE +16 16');
    const again = gcg.importGcg(out);
    expect(again.ok && Array.from(again.value.board.squares)).toEqual(
      Array.from(g.value.board.squares),
    );
  });

  it('a blank played as CH is lowercase ch and scores nothing', () => {
    const text = gcgText(['>ann: ?ORRSU 8E chURRO +20 20'], '#lexicon FILE2017\n' + HEAD);
    const r = gcg.replayGcg(text);
    expect(r.ok && r.value.mismatches).toEqual([]);
    expect(r.ok && r.value.error).toBeNull();
  });

  it('a Catalan game reads L·L, NY and QU', () => {
    // QU(8) I(1, centre) N(1) A(1) = 11 x 2; A(1) L·L(10) down through I(1) = 12;
    // down through A with NY(10) = 11.
    const text = gcgText(
      [
        '>ann: AINQUST 8G QUINA +22 22',
        '>bob: AAL·LNY? H6 AL·L. +12 12',
        '>ann: AENYOST J8 .NY +11 33',
      ],
      '#lexicon DISC2\n' + HEAD,
    );
    const r = gcg.replayGcg(text);
    if (!r.ok) throw new Error(r.message);
    expect(r.value.game.set.name).toBe('catalan');
    expect(r.value.error).toBeNull();
    expect(r.value.mismatches).toEqual([]);
    expect(r.value.game.events.map((e) => e.playedTiles)).toEqual(['QUINA', 'AL·L.', '.NY']);
    expect(r.value.game.board.tileCount).toBe(4 + 2 + 1);
  });

  it('#tile gives another spelling for a multi-letter tile', () => {
    const text = gcgText(
      ['>ann: CHORRSU 8E ÇURRO +30 30'],
      '#lexicon FILE2017\n#tile CH Ç\n' + HEAD,
    );
    const r = gcg.replayGcg(text);
    expect(r.ok && r.value.mismatches).toEqual([]);
    expect(r.ok && r.value.game.events[0].playedTiles).toBe('CHURRO');
  });
});

describe('GCG variants and layouts', () => {
  it('a 21x21 game (#game-type classic_super) uses the super board and letter set', () => {
    const text = gcgText(['>ann: AEIQRSZ 11J ZA +22 22'], '#game-type classic_super\n' + HEAD);
    const r = gcg.replayGcg(text);
    if (!r.ok) throw new Error(r.message);
    expect(r.value.game.board.dim).toBe(21);
    expect(r.value.game.set.name).toBe('english_super');
    // 11J is plain, 11K the centre double word: (10 + 1) x 2.
    expect(r.value.mismatches).toEqual([]);
    expect(r.value.game.bag.size).toBe(200 - 7 - 2);
  });

  it('a WordSmog record keeps its variant through export', () => {
    const text = gcgText(['>ann: DINNVWY 8D DNIWY +32 32'], '#game-type wordsmog\n' + HEAD);
    const g = gcg.importGcg(text);
    if (!g.ok) throw new Error(g.message);
    expect(g.value.rules.variant).toBe('wordsmog');
    expect(gcg.writeGcg(g.value)).toContain('#game-type wordsmog');
  });
});

describe('GCG notes, pragmas and odd lines', () => {
  it('attaches notes to the previous move and keeps several lines', () => {
    const text = gcgText([
      '>ann: DINNVWY 8D WINDY +32 32',
      '#note first line',
      '#note second line',
      'continued',
    ]);
    const g = gcg.importGcg(text);
    expect(g.ok && g.value.events[0].note).toBe('first line\nsecond line\ncontinued');
  });

  it('reads the header pragmas', () => {
    const head =
      '#character-encoding UTF-8\n#title Final\n#description Round 9\n#id io.woogles abc123\n#lexicon CSW24\n' +
      HEAD;
    const g = gcg.importGcg(gcgText(['>ann: DINNVWY 8D WINDY +32 32'], head));
    if (!g.ok) throw new Error(g.message);
    expect(g.value.meta).toMatchObject({
      title: 'Final',
      description: 'Round 9',
      uid: 'abc123',
      idAuth: 'io.woogles',
    });
    expect(g.value.rules.lexicon).toBe('CSW24');
    expect(g.value.players[0]).toMatchObject({ nickname: 'ann', realName: 'Ann' });
  });

  it('a pass noted #unsuccessful-challenge is a turn lost to a challenge', () => {
    const text = gcgText([
      '>ann: DINNVWY 8D WINDY +32 32',
      '>bob: ADEEGIL - +0 0',
      '#note #unsuccessful-challenge WINDY is good',
    ]);
    const g = gcg.importGcg(text);
    if (!g.ok) throw new Error(g.message);
    expect(g.value.events[1]).toMatchObject({
      type: 'UNSUCCESSFUL_CHALLENGE_TURN_LOSS',
      note: 'WINDY is good',
    });
    expect(gcg.writeGcg(g.value)).toContain('#note #unsuccessful-challenge WINDY is good');
  });

  it('reads an exchange given only as a count', () => {
    const g = gcg.importGcg(gcgText(['>ann: DINNVWY -7 +0 0']));
    expect(g.ok && g.value.events[0]).toMatchObject({
      type: 'EXCHANGE',
      exchanged: '',
      numTilesFromRack: 7,
    });
  });

  it('reads the six-zero rack penalty lines', () => {
    const lines = [
      '>ann: DINNVWY - +0 0',
      '>bob: ADEEGIL - +0 0',
      '>ann: DINNVWY - +0 0',
      '>bob: ADEEGIL - +0 0',
      '>ann: DINNVWY - +0 0',
      '>bob: ADEEGIL - +0 0',
      '>ann: DINNVWY (DINNVWY) -17 -17',
      '>bob: ADEEGIL (ADEEGIL) -9 -9',
    ];
    const r = gcg.replayGcg(gcgText(lines));
    if (!r.ok) throw new Error(r.message);
    expect(r.value.mismatches).toEqual([]);
    expect(r.value.game).toMatchObject({ endReason: 'CONSECUTIVE_ZEROES', winner: 1 });
  });
});

describe('malformed GCG', () => {
  const cases: [string, string[], string][] = [
    [
      'a move without a colon',
      ['>ann DINNVWY 8D WINDY +32 32'],
      "line 3: a move line needs '>name:'",
    ],
    [
      'a score that is not a number',
      ['>ann: DINNVWY 8D WINDY +3x 32'],
      "line 3: '+3x' is not a score",
    ],
    [
      'a running total that is not a number',
      ['>ann: DINNVWY 8D WINDY +32 3z'],
      "line 3: '3z' is not a running total",
    ],
    ['a truncated move', ['>ann: DINNVWY 8D'], "line 3: cannot read the move 'DINNVWY 8D'"],
    [
      'an unknown move',
      ['>ann: DINNVWY ?? WINDY +32 32'],
      "line 3: cannot read the move 'DINNVWY ?? WINDY'",
    ],
    [
      'a stray line',
      ['>ann: DINNVWY 8D WINDY +32 32', 'hello there'],
      "line 4: expected a move ('>name: ...')",
    ],
    [
      'an unknown player',
      ['>zed: DINNVWY 8D WINDY +32 32'],
      "line 3: 'zed' is neither #player1 nor #player2",
    ],
    [
      'a coordinate off the board',
      ['>ann: DINNVWY 8Z WINDY +32 32'],
      "line 3: '8Z' is off a 15x15 board",
    ],
    [
      'a tile not in the set',
      ['>ann: DINNVWY 8D WIND1 +32 32'],
      "line 3: '1' is not a tile of the english letter set",
    ],
    [
      'a first play off the centre',
      ['>ann: DINNVWY 7D WINDY +32 32'],
      'line 3: The first play must cover the centre square.',
    ],
    ['a phony with no play', ['>ann: DINNVWY -- -32 0'], 'line 3: ann has no play to take back'],
    [
      'a play out of turn',
      ['>ann: DINNVWY 8D WINDY +32 32', '>ann: ADEEGIL 7C GALE +16 48'],
      "line 4: it is not ann's turn",
    ],
    ['a #player pragma without a name', [], 'line 1: #player1 needs a nickname'],
  ];

  it.each(cases)('%s: the error names the line', (_, lines, message) => {
    const head = lines.length ? HEAD : '#player1\n';
    const r = gcg.replayGcg(gcgText(lines, head));
    const error = r.ok ? r.value.error : r;
    expect(error?.message ?? 'no error').toContain(message);
    expect(error?.line).toBe(Number(/line (\d+)/.exec(message)![1]));
  });

  it('a score that disagrees is reported as a mismatch on its line', () => {
    const r = gcg.replayGcg(
      gcgText(['>ann: DINNVWY 8D WINDY +30 30', '>bob: ADEEGIL 7C GALE +16 20']),
    );
    expect(r.ok && r.value.mismatches).toEqual([
      { line: 3, recorded: 30, computed: 32 },
      { line: 4, recorded: 20, computed: 16 },
    ]);
  });

  it.skipIf(!HAVE_TESTDATA)('damaged files give errors, never a crash', () => {
    const source = testFile('gcgio-josh2.gcg');
    const rng = Prng.seeded(2024);
    for (let i = 0; i < 300; i++) {
      const bytes = source.slice();
      for (let k = 0; k < 1 + rng.below(8); k++) bytes[rng.below(bytes.length)] = rng.below(256);
      const cut = bytes.subarray(0, rng.below(bytes.length + 1));
      expect(() => {
        const r = gcg.replayGcg(cut);
        if (r.ok && r.value.error) expect(r.value.error.message).toMatch(/^line \d+: /);
        const p = gcg.parseGcg(cut);
        if (!p.ok) expect(p.message).toMatch(/^line \d+: /);
      }).not.toThrow();
    }
  });
});
