/**
 * Printouts for directors (issue 36, item 19): a round's pairings, the wall
 * chart and the kiosk links, each a PDF read the way a printer sees it, with
 * Debian's poppler-utils (pdftotext; pdftoppm and a QR scanner for the kiosk
 * codes). Also the checks a pasted player list meets in AddPlayers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { registerUser, rpc, uniqueName, useTestServer } from './harness.ts';
import { setUpDivision, tournamentCalls, type User } from './tournament-helpers.ts';

const PUBLIC_URL = 'https://tessera.example';
const server = useTestServer({ publicUrl: PUBLIC_URL });
const { ok, refused, manager, newTournament, divisionState, score } = tournamentCalls(() => server);

const work = mkdtempSync(join(tmpdir(), 'printouts-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let files = 0;

/** The PDF of a printout, saved to a file for poppler. */
async function printout(body: Record<string, unknown>, td: User) {
  const r = await ok('GetTournamentPrintout', body, td.cookie);
  const pdf = Buffer.from(r.pdf as string, 'base64');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const path = join(work, `p${files++}.pdf`);
  writeFileSync(path, pdf);
  return { path, fileName: r.fileName as string };
}

/** A page's text (every page when `page` is absent), runs of spaces made one. */
function text(path: string, page?: number): string {
  const range = page ? ['-f', String(page), '-l', String(page)] : [];
  return execFileSync('pdftotext', [...range, '-layout', path, '-'], { encoding: 'utf8' }).replace(
    /[ \t]+/g,
    ' ',
  );
}

/** The text in the order it is drawn (a table's cells row by row), all on one line. */
function drawnText(path: string): string {
  return execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

function pages(path: string): number {
  return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))![1]);
}

/**
 * The QR codes of a kiosk-links page, one row at a time: the page rendered at
 * 200 dpi and each row's code cut out where the layout puts it (32 pt from the
 * left, rows of 88 pt under a 90 pt heading, codes of 78 pt).
 */
function qrCodes(path: string, page: number): string[] {
  const prefix = join(work, `q${files++}`);
  const dpi = 200;
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
  const png = PNG.sync.read(readFileSync(`${prefix}.png`));
  const px = (pt: number) => Math.round((pt * dpi) / 72);
  const found: string[] = [];
  for (let row = 0; px(90 + 88 * row + 84) <= png.height; row++) {
    const [x0, y0, size] = [px(26), px(84 + 88 * row), px(90)];
    const crop = new Uint8ClampedArray(size * size * 4);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const from = ((y0 + y) * png.width + x0 + x) * 4;
        crop.set(png.data.subarray(from, from + 4), (y * size + x) * 4);
      }
    const code = jsQR(crop, size, size);
    if (code) found.push(code.data);
  }
  return found;
}

async function players(n: number): Promise<User[]> {
  const out: User[] = [];
  for (let i = 0; i < n; i++) out.push(await registerUser(server));
  return out;
}

interface Pairing {
  players: number[];
  board?: number;
}

/** An over-the-board event of six players in division A, round 1 opened with boards. */
async function event() {
  const td = await manager();
  const slug = uniqueName('print');
  const id = await newTournament(td, { slug, name: 'Spring Open' });
  await ok(
    'SetTournamentMetadata',
    { metadata: { id, irlMode: true }, setOnlySpecified: true },
    td.cookie,
  );
  const us = await players(6);
  await setUpDivision(server, td, id, {
    persons: us.map((u, i) => ({
      id: u.username,
      rating: 2000 - i * 100,
      ...(i === 0 ? { name: 'Smylie, Jackson' } : {}),
    })),
    roundControls: Array.from({ length: 3 }, () => ({
      pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL',
    })),
    divisionControls: { suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS' },
  });
  await ok('StartRoundCountdown', { id, division: 'A', round: 0 }, td.cookie);
  const d = await divisionState(id, 'A');
  const r1 = (d.pairingMap as Record<string, { roundPairings: Pairing[] }>)['0'].roundPairings;
  const names = us.map((u, i) => (i === 0 ? 'Smylie, Jackson' : u.username));
  return { td, id, slug, us, names, r1 };
}

describe('tournament printouts', () => {
  it('prints a round’s pairings by board, first player first, with the scores entered', async () => {
    const { td, id, us, names, r1 } = await event();
    // Seed 1 beats seed 2 on board 1; the other games are still being played.
    const top = r1.find((p) => p.board === 1)!;
    await score(id, td, 0, us[0], us[1], 452, 380);
    const { path, fileName } = await printout(
      { id, kind: 'PRINTOUT_KIND_PAIRINGS', division: 'A', round: 0 },
      td,
    );
    expect(fileName).toBe('Spring-Open-A-round-1-pairings.pdf');
    const page = text(path, 1);
    expect(page).toContain('Spring Open');
    expect(page).toContain('Division A - Round 1 pairings');
    // One line per board, in board order; the player listed first goes first.
    const lines = page.split('\n').filter((l) => /^ ?\d \S/.test(l));
    expect(lines.map((l) => Number(l.trim().split(' ')[0]))).toEqual([1, 2, 3]);
    for (const p of r1) {
      const [a, b] = p.players;
      const line = lines.find((l) => l.trim().startsWith(`${p.board} `))!;
      expect(line).toContain(`${names[a]} (#${a + 1}) ${names[b]} (#${b + 1})`);
    }
    const firstOfTop = top.players[0];
    expect(lines[0]).toContain(firstOfTop === 0 ? '452-380' : '380-452');
  });

  it('prints the wall chart: each round’s result, spread and opponent, the record and the spread', async () => {
    const { td, id, us, names } = await event();
    await score(id, td, 0, us[0], us[1], 452, 380);
    const { path } = await printout({ id, kind: 'PRINTOUT_KIND_WALL_CHART', division: 'A' }, td);
    const page = text(path, 1);
    expect(page).toContain('Division A - wall chart');
    expect(page).toMatch(/Rd 1 Rd 2 Rd 3 W-L Spread/);
    // Row by row: seed, name, rating, each round's result and spread over "v" and
    // the opponent's seed, the record and the spread. Seed 1 beat seed 2 by 72.
    const rows = drawnText(path);
    expect(rows).toContain('1 Smylie, Jackson 2000 W +72 v 2 1-0 +72');
    expect(rows).toContain(`2 ${names[1]} 1900 L -72 v 1 0-1 -72`);
    // A game not played yet shows its opponent only.
    const third = rows.indexOf(`3 ${names[2]} 1800 v`);
    expect(third).toBeGreaterThan(0);
    expect(rows.slice(third)).toMatch(/^3 \S+ 1800 v \d 0-0 0 /);
  });

  it('lists every player’s kiosk link with a QR code that opens their kiosk', async () => {
    const { td, id, slug, us, names } = await event();
    const { path, fileName } = await printout({ id, kind: 'PRINTOUT_KIND_KIOSK_LINKS' }, td);
    expect(fileName).toBe('Spring-Open-kiosk-links.pdf');
    const all = text(path);
    expect(all).toContain('Division A - kiosk links');
    const urls = [...all.matchAll(/https:\/\/tessera\.example\/tournament\/\S+/g)].map((m) => m[0]);
    expect(urls).toHaveLength(6);
    us.forEach((u, i) => {
      const url = urls[i];
      expect(url.startsWith(`${PUBLIC_URL}/tournament/${slug}?es=`)).toBe(true);
      // The kiosk takes the one player whose user id starts with the key.
      const key = new URL(url).searchParams.get('es')!;
      expect(key.length).toBeGreaterThanOrEqual(8);
      expect(u.userId.startsWith(key)).toBe(true);
      expect(all).toContain(`${i + 1}. ${names[i]}`);
    });
    const codes = [];
    for (let p = 1; p <= pages(path); p++) codes.push(...qrCodes(path, p));
    expect(codes.sort()).toEqual([...urls].sort());
  });

  it('refuses callers who are not directors, and printouts that cannot be made', async () => {
    const { td, id, us } = await event();
    const pairings = { id, kind: 'PRINTOUT_KIND_PAIRINGS', division: 'A', round: 0 };
    for (const kind of [
      'PRINTOUT_KIND_PAIRINGS',
      'PRINTOUT_KIND_WALL_CHART',
      'PRINTOUT_KIND_KIOSK_LINKS',
    ])
      await refused(
        'TOURNAMENT_NOT_DIRECTOR',
        'GetTournamentPrintout',
        { ...pairings, kind },
        us[0].cookie,
      );
    const anonymous = await rpc(server, 'TournamentService', 'GetTournamentPrintout', pairings);
    expect(anonymous.status).toBe(401);
    // A read-only director may print (as for the scorecards); the links are theirs to hand out.
    const ro = await registerUser(server);
    await ok('AddDirectors', { id, persons: [{ id: ro.username, rating: -1 }] }, td.cookie);
    await printout({ id, kind: 'PRINTOUT_KIND_KIOSK_LINKS' }, ro);

    await refused(
      'TOURNAMENT_PRINTOUT_KIND',
      'GetTournamentPrintout',
      { id, division: 'A' },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_PRINTOUT_NOT_PAIRED',
      'GetTournamentPrintout',
      { ...pairings, round: 1 },
      td.cookie,
    );
    for (const round of [-1, 3, 2_000_000_000])
      await refused(
        'TOURNAMENT_ROUND_RANGE',
        'GetTournamentPrintout',
        { ...pairings, round },
        td.cookie,
      );
    await refused(
      'TOURNAMENT_DIVISION_NOT_FOUND',
      'GetTournamentPrintout',
      { ...pairings, division: 'Z' },
      td.cookie,
    );
    // A division without players has nothing to print.
    const empty = await newTournament(td);
    await ok('AddDivision', { id: empty, division: 'Empty' }, td.cookie);
    for (const kind of ['PRINTOUT_KIND_WALL_CHART', 'PRINTOUT_KIND_KIOSK_LINKS'])
      await refused(
        'TOURNAMENT_PRINTOUT_NO_PLAYERS',
        'GetTournamentPrintout',
        { id: empty, kind },
        td.cookie,
      );
  });
});

describe('AddPlayers: a pasted list', () => {
  it('refuses a player listed twice, a rating out of range and a list too long, adding nobody', async () => {
    const td = await manager();
    const id = await newTournament(td);
    await ok('AddDivision', { id, division: 'A' }, td.cookie);
    const [ann, bob] = await players(2);
    const add = (persons: unknown[]) => ({ id, division: 'A', persons });
    await refused(
      'TOURNAMENT_PLAYER_LISTED_TWICE',
      'AddPlayers',
      add([
        { id: ann.username, rating: 1500 },
        { id: bob.username, rating: 1400 },
        { id: ` ${ann.username}`, rating: 1300 },
      ]),
      td.cookie,
    );
    for (const rating of [-1, 4001]) {
      const r = await refused(
        'TOURNAMENT_RATING_RANGE',
        'AddPlayers',
        add([{ id: bob.username, rating }]),
        td.cookie,
      );
      expect(r.body.message).toContain(bob.username);
    }
    const many = Array.from({ length: 1001 }, (_, i) => ({ id: `nobody${i}`, rating: 1000 }));
    await refused('TOURNAMENT_DIVISION_FULL', 'AddPlayers', add(many), td.cookie);
    expect((await divisionState(id, 'A')).players ?? []).toEqual([]);
    await ok(
      'AddPlayers',
      add([
        { id: ann.username, rating: 4000 },
        { id: bob.username, rating: 0 },
      ]),
      td.cookie,
    );
    expect(((await divisionState(id, 'A')).players as unknown[]).length).toBe(2);
  });
});
