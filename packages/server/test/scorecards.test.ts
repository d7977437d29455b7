import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  kioskKeys,
  kioskUrl,
  makeScorecardsZip,
  ScorecardInputError,
  type ScorecardDivision,
  type ScorecardPlayer,
  type ScorecardRequest,
} from '../src/modules/tournament/scorecards/index.ts';

/**
 * Printable scorecards (GetTournamentScorecards): the zip is opened, and each PDF is read the
 * way a director's printer would see it, with Debian's poppler-utils: its pages counted and
 * measured, its text extracted, its pages rendered to pixels and the QR code on them scanned.
 */

function popplerInstalled(): boolean {
  try {
    for (const tool of ['pdfinfo', 'pdftotext', 'pdftoppm'])
      execFileSync(tool, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const POPPLER = popplerInstalled();
if (!POPPLER)
  console.warn(
    'scorecards PDF checks SKIPPED: poppler-utils (pdfinfo, pdftotext, pdftoppm) is not installed',
  );

const PUBLIC_URL = 'https://tessera.example';
const SLUG = 'spring-open-2026';

const OPEN_NAMES = [
  'Ada Lovelace',
  'Brian Cappelletto',
  'Chen Wei',
  'Dolores Ibárruri',
  'Emeka Okafor',
  'Fiona MacLeod',
  'Gustav Ødegaard',
  'Hiroshi Tanaka',
];
const NOVICE_NAMES = ['Ines Duarte', 'Jonas Berg', 'Kwame Mensah', 'Lena Novak', 'Marta Šimić'];
/** Names as the PDF's Helvetica shows them: ć is not among its characters, Š is. */
const printed = (name: string) => name.replace('ć', 'c');

function uuid(n: number): string {
  // Realistic user ids; the first two share their first nine characters to test the kiosk keys.
  const prefix =
    n < 2 ? '7f3a9c21b' : `${(n * 0x1f2e3d4c).toString(16).padStart(9, '0').slice(0, 9)}`;
  return `${prefix}${String(n).padStart(3, '0')}-4aa1-9bde-0c1e5f00a${String(n).padStart(3, '0')}`;
}

function players(names: string[], base: number): ScorecardPlayer[] {
  return names.map((name, i) => ({
    id: `${uuid(base + i)}:${name.split(' ')[0].toLowerCase()}`,
    name,
    seed: i + 1,
    rating: i === names.length - 1 ? null : 1900 - i * 85,
  }));
}

/**
 * Round-robin pairings by the circle method for the first `paired` rounds (a bye for the odd
 * player out), alternating who goes first; later rounds are left unpaired.
 */
function pair(division: ScorecardPlayer[], rounds: number, paired: number): void {
  const n = division.length;
  const slots = n % 2 === 0 ? n : n + 1; // the last slot is the bye
  for (const p of division) p.rounds = [];
  for (let r = 0; r < rounds; r++) {
    if (r >= paired) {
      for (const p of division) p.rounds!.push(null);
      continue;
    }
    const order = [0, ...Array.from({ length: slots - 1 }, (_, k) => 1 + ((k + r) % (slots - 1)))];
    for (let k = 0; k < slots / 2; k++) {
      const a = order[k];
      const b = order[slots - 1 - k];
      const known = r % 3 !== 2; // every third round the first player is still to be drawn
      if (a >= n) division[b].rounds![r] = { opponent: 'bye' };
      else if (b >= n) division[a].rounds![r] = { opponent: 'bye' };
      else {
        division[a].rounds![r] = { opponent: b, first: known ? r % 2 === 0 : null };
        division[b].rounds![r] = { opponent: a, first: known ? r % 2 !== 0 : null };
      }
    }
  }
}

function example(overrides: Partial<ScorecardRequest> = {}): ScorecardRequest {
  const open = players(OPEN_NAMES, 0);
  const novice = players(NOVICE_NAMES, 20);
  pair(open, 7, 4);
  pair(novice, 7, 7);
  // Seeds are printed in seed order whatever the list order: shuffle the list.
  const openShuffled = [open[3], open[0], open[7], open[1], open[6], open[2], open[5], open[4]];
  const remap = (d: ScorecardPlayer[], shuffled: ScorecardPlayer[]) => {
    const index = new Map(shuffled.map((p, i) => [p, i]));
    for (const p of shuffled) {
      p.rounds = p.rounds!.map((x) =>
        x && typeof x.opponent === 'number' ? { ...x, opponent: index.get(d[x.opponent])! } : x,
      );
    }
  };
  remap(open, openShuffled);
  const divisions: ScorecardDivision[] = [
    { name: 'Open', rounds: 7, players: openShuffled },
    { name: 'Novice', rounds: 7, players: novice },
  ];
  return {
    tournamentName: 'Spring Open 2026',
    slug: SLUG,
    publicUrl: `${PUBLIC_URL}/`,
    divisions,
    showOpponents: true,
    showSeeds: true,
    showQrCode: true,
    ...overrides,
  };
}

const work = mkdtempSync(join(tmpdir(), 'scorecards-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let fileCounter = 0;

function save(pdf: Uint8Array): string {
  const path = join(work, `card-${fileCounter++}.pdf`);
  writeFileSync(path, pdf);
  return path;
}

function info(path: string): { pages: number; size: string } {
  const out = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  return {
    pages: Number(/^Pages:\s+(\d+)/m.exec(out)?.[1]),
    size: /^Page size:\s+(.+?) pts/m.exec(out)?.[1] ?? '',
  };
}

/** The text of one page (1-based), words separated by single spaces. */
function pageText(path: string, page: number): string {
  const out = execFileSync(
    'pdftotext',
    ['-f', String(page), '-l', String(page), '-layout', path, '-'],
    {
      encoding: 'utf8',
    },
  );
  return out.replace(/[ \t]+/g, ' ');
}

/** One page rendered at `dpi` as RGBA pixels. */
function render(path: string, page: number, dpi = 150): PNG {
  const prefix = join(work, `page-${fileCounter++}`);
  execFileSync('pdftoppm', [
    '-f',
    String(page),
    '-l',
    String(page),
    '-r',
    String(dpi),
    '-png',
    '-singlefile',
    path,
    prefix,
  ]);
  return PNG.sync.read(readFileSync(`${prefix}.png`));
}

function darkShare(png: PNG): number {
  let dark = 0;
  for (let i = 0; i < png.data.length; i += 4)
    if (png.data[i] + png.data[i + 1] + png.data[i + 2] < 384) dark++;
  return dark / (png.width * png.height);
}

function scanQr(png: PNG): string | null {
  const found = jsQR(
    new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    png.width,
    png.height,
  );
  return found?.data ?? null;
}

describe('scorecards zip', () => {
  it('holds one PDF per division, named after it', async () => {
    const files = unzipSync(await makeScorecardsZip(example()));
    expect(Object.keys(files).sort()).toEqual(['Novice.pdf', 'Open.pdf']);
    for (const pdf of Object.values(files))
      expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
  });

  it('refuses what cannot be printed, saying why', async () => {
    const noPlayers = example({ divisions: [{ name: 'Empty', rounds: 7, players: [] }] });
    await expect(makeScorecardsZip(noPlayers)).rejects.toThrow(/no players/);
    const zeroRounds = example();
    zeroRounds.divisions[0].rounds = 0;
    await expect(makeScorecardsZip(zeroRounds)).rejects.toThrow(ScorecardInputError);
    const tooMany = example();
    tooMany.divisions[1].rounds = 101;
    await expect(makeScorecardsZip(tooMany)).rejects.toThrow(/1 to 100/);
    const outside = example();
    outside.divisions[1].players[0].rounds![0] = { opponent: 5 };
    await expect(makeScorecardsZip(outside)).rejects.toThrow(/impossible opponent in round 1/);
    const self = example();
    self.divisions[1].players[2].rounds![3] = { opponent: 2 };
    await expect(makeScorecardsZip(self)).rejects.toThrow(/impossible opponent in round 4/);
    const badSeed = example();
    badSeed.divisions[0].players[1].seed = 0;
    await expect(makeScorecardsZip(badSeed)).rejects.toThrow(/valid seed/);
  });

  it('leaves empty divisions out and keeps file names unique and safe', async () => {
    const req = example();
    req.divisions = [
      { ...req.divisions[1], name: 'A/B: Lower' },
      { name: 'Nobody yet', rounds: 3, players: [] },
      { ...req.divisions[1], name: 'a/b: lower' },
    ];
    const files = unzipSync(await makeScorecardsZip(req));
    expect(Object.keys(files)).toEqual(['A_B_ Lower.pdf', 'a_b_ lower (2).pdf']);
  });
});

describe('kiosk keys', () => {
  it('are the shortest unambiguous user-id prefixes of at least 8 characters', () => {
    const ids = [
      '7f3a9c21b000-aa:ada',
      '7f3a9c21b001-aa:brian',
      '0123456789ab:chen',
      'short:dee',
      'shortish:eve',
    ];
    const keys = kioskKeys(ids);
    expect(keys.get(ids[0])).toBe('7f3a9c21b000');
    expect(keys.get(ids[1])).toBe('7f3a9c21b001');
    expect(keys.get(ids[2])).toBe('01234567');
    // A user id that starts another one can only be named whole.
    expect(keys.get(ids[3])).toBe('short');
    expect(keys.get(ids[4])).toBe('shortish');
    expect(kioskUrl('https://t.example//', 'my slug', 'ab')).toBe(
      'https://t.example/tournament/my%20slug?es=ab',
    );
  });
});

describe.runIf(POPPLER)('scorecards as printed (poppler-utils)', () => {
  it('print one A4 portrait page per player with the player, seed, rating and opponents', async () => {
    const req = example();
    const files = unzipSync(await makeScorecardsZip(req));
    for (const division of req.divisions) {
      const path = save(files[`${division.name}.pdf`]);
      const { pages, size } = info(path);
      expect(pages).toBe(division.players.length);
      expect(size).toBe('595.28 x 841.89');
      const bySeed = [...division.players].sort((a, b) => a.seed - b.seed);
      bySeed.forEach((player, page) => {
        const text = pageText(path, page + 1);
        expect(text).toContain('Spring Open 2026');
        expect(text).toContain(`Division ${division.name}`);
        expect(text).toContain(printed(player.name));
        expect(text).toContain(`Seed ${player.seed}`);
        expect(text).toContain(player.rating == null ? 'Unrated' : `Rating ${player.rating}`);
        for (const [r, pairing] of (player.rounds ?? []).entries()) {
          const line = text.split('\n').find((l) => new RegExp(`^ ?${r + 1}(\\s|$)`).test(l)) ?? '';
          if (pairing === null) {
            expect(line.trim()).toBe(String(r + 1));
          } else if (pairing.opponent === 'bye') {
            expect(line).toContain('Bye');
          } else if (typeof pairing.opponent === 'number') {
            const opponent = division.players[pairing.opponent];
            expect(line).toContain(`${printed(opponent.name)} (#${opponent.seed})`);
            if (pairing.first != null) expect(line).toContain(pairing.first ? '1st' : '2nd');
            else expect(line).not.toMatch(/1st|2nd/);
          }
        }
        expect(text).toMatch(/Player signature\s+Director signature/);
      });
    }
  });

  it('render as readable pages whose QR code opens the player kiosk', async () => {
    const req = example();
    const files = unzipSync(await makeScorecardsZip(req));
    const keys = kioskKeys(req.divisions.flatMap((d) => d.players.map((p) => p.id)));
    const path = save(files['Novice.pdf']);
    for (const [page, player] of req.divisions[1].players.entries()) {
      if (page !== 0 && page !== 4) continue; // the first and last cards are enough
      const png = render(path, page + 1);
      // A4 at 150 dpi: 8.27 x 11.69 inches (poppler rounds up).
      expect(Math.abs(png.width - 1240)).toBeLessThanOrEqual(1);
      expect(Math.abs(png.height - 1754)).toBeLessThanOrEqual(1);
      const ink = darkShare(png);
      expect(ink).toBeGreaterThan(0.01);
      expect(ink).toBeLessThan(0.25);
      expect(scanQr(png)).toBe(`${PUBLIC_URL}/tournament/${SLUG}?es=${keys.get(player.id)}`);
    }
    // The first two players' user ids share eleven characters: their keys are twelve long.
    expect(keys.get(req.divisions[0].players[1].id)).toBe('7f3a9c21b000');
  });

  it('say what the QR code is for: entering scores over the board, following games online', async () => {
    const words = async (online: boolean) => {
      const files = unzipSync(await makeScorecardsZip(example({ online })));
      return pageText(save(files['Novice.pdf']), 1);
    };
    const irl = await words(false);
    expect(irl).toContain('Scan to enter scores');
    const online = await words(true);
    expect(online).not.toContain('enter scores');
    expect(online).not.toContain('Enter your scores');
    expect(online).toContain('Scan for your games');
  });

  it('leave out opponents, seeds and the QR code when they are not asked for', async () => {
    const req = example({
      showOpponents: false,
      showSeeds: false,
      showQrCode: false,
      paper: 'Letter',
    });
    const files = unzipSync(await makeScorecardsZip(req));
    const path = save(files['Novice.pdf']);
    expect(info(path)).toEqual({ pages: 5, size: '612 x 792' });
    const text = pageText(path, 1);
    expect(text).toContain('Ines Duarte');
    expect(text).not.toContain('Seed');
    for (const other of NOVICE_NAMES.slice(1)) expect(text).not.toContain(other);
    // A bye is still a bye: the player must know not to look for an opponent.
    expect(text).toContain('Bye');
    const png = render(path, 1, 100);
    expect(png.width).toBe(850);
    expect(png.height).toBe(1100);
    expect(scanQr(png)).toBeNull();
  });

  it('print seeds beside opponents only when seeds are asked for', async () => {
    const req = example({ showSeeds: false });
    const path = save(unzipSync(await makeScorecardsZip(req))['Open.pdf']);
    const text = pageText(path, 1);
    expect(text).not.toMatch(/\(#\d\)/);
    expect(text).not.toContain('Seed');
    const top = req.divisions[0].players.find((p) => p.seed === 1)!;
    const first = top.rounds![0]!;
    expect(text).toContain(req.divisions[0].players[first.opponent as number].name);
  });

  it('keep names outside the PDF fonts legible and continue long schedules on a second page', async () => {
    const req = example();
    const novice = req.divisions[1];
    novice.players[0].name = 'Zoë Łukasiewicz 李';
    novice.players[1].name = 'Anaïs Nguyễn';
    novice.players[2].rating = Number.NaN; // a broken rating is not printed as "NaN"
    novice.rounds = 30;
    const path = save(unzipSync(await makeScorecardsZip(req))['Novice.pdf']);
    expect(info(path).pages).toBe(10);
    const first = pageText(path, 1);
    expect(first).toContain('Zoë ?ukasiewicz ?');
    expect(first).toContain('page 1 of 2');
    expect(first).not.toContain('Player signature');
    const second = pageText(path, 2);
    expect(second).toContain('page 2 of 2');
    // The thirty rounds are split evenly, 15 and 15.
    expect(first).toMatch(/^ ?15\s*$/m);
    expect(first).not.toMatch(/^ ?16\s*$/m);
    expect(second).toMatch(/^ ?16\s*$/m);
    expect(second).toMatch(/^ ?30\s*$/m);
    expect(second).toContain('Player signature');
    expect(pageText(path, 3)).toContain('Anaïs Nguyen');
    expect(pageText(path, 5)).toMatch(/Seed 3 Unrated/);
  });
});
