/**
 * Printable scorecards for a tournament (GetTournamentScorecards, docs/product/tournaments.md).
 *
 * The public face of this folder: plain data in, a zip's bytes out. It reads no database and
 * knows nothing of RPCs; the tournament module gathers the data (players, seeds, pairings so far)
 * and sends the bytes back as the reply's `pdfZip`.
 *
 * The zip holds one PDF per division (`<division name>.pdf`), one portrait page per player in
 * seed order, so a director prints each division's cards in one go. (A division of more than
 * about 24 rounds continues a card on a second page.) See docs/decisions/0105-scorecards-pdf.md.
 */
import { zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import { drawCard, type CardRound } from './card.ts';
import { winAnsi } from './text.ts';
import type { ScorecardDivision, ScorecardPairing, ScorecardRequest } from './types.ts';

/** For the other printouts (../printouts): the same QR codes and the same text helpers. */
export { drawQrCode } from './qr.ts';
export { fitText, winAnsi } from './text.ts';
export { INK, measure, put } from './pdf-text.ts';
export type {
  ScorecardDivision,
  ScorecardPairing,
  ScorecardPlayer,
  ScorecardRequest,
} from './types.ts';

/** The most rounds a division may have (the tournament module's own limit is lower). */
export const MAX_SCORECARD_ROUNDS = 100;

/** Page sizes in PDF points (1/72 inch), portrait. */
const PAPER: Record<'A4' | 'Letter', [number, number]> = {
  A4: [595.28, 841.89],
  Letter: [612, 792],
};

/** A request that cannot be printed; `message` says why, in words a director understands. */
export class ScorecardInputError extends Error {
  override readonly name = 'ScorecardInputError';
}

/**
 * Makes the zip of scorecard PDFs: one PDF per division, one page per player.
 * Divisions without players are left out. Rejects with a ScorecardInputError a request that
 * cannot be printed: no players at all, a round count outside 1..100, a seed that is not a
 * positive whole number, an opponent index outside the division or pointing at the player
 * itself. The caller checks permissions and maps the error to the error catalogue.
 */
export async function makeScorecardsZip(input: ScorecardRequest): Promise<Uint8Array> {
  validate(input);
  const size = PAPER[input.paper ?? 'A4'];
  const files: Record<string, Uint8Array> = {};
  const keys = kioskKeys(input.divisions.flatMap((d) => d.players.map((p) => p.id)));
  const used = new Set<string>();
  for (const division of input.divisions) {
    if (division.players.length === 0) continue;
    const pdf = await divisionPdf(input, division, size, keys);
    files[fileName(division.name, used)] = pdf;
  }
  // PDFs are compressed already: store them as they are.
  return zipSync(files, { level: 0 });
}

function validate(input: ScorecardRequest): void {
  if (!input.divisions.some((d) => d.players.length > 0)) {
    throw new ScorecardInputError('The tournament has no players to print scorecards for.');
  }
  for (const d of input.divisions) {
    if (!Number.isInteger(d.rounds) || d.rounds < 1 || d.rounds > MAX_SCORECARD_ROUNDS) {
      throw new ScorecardInputError(
        `Division ${d.name} has ${d.rounds} rounds; scorecards need 1 to ${MAX_SCORECARD_ROUNDS}.`,
      );
    }
    d.players.forEach((p, i) => {
      if (!Number.isInteger(p.seed) || p.seed < 1) {
        throw new ScorecardInputError(`Player ${p.name} in division ${d.name} has no valid seed.`);
      }
      (p.rounds ?? []).forEach((pairing, r) => {
        if (!pairing || typeof pairing.opponent !== 'number') return;
        const o = pairing.opponent;
        if (!Number.isInteger(o) || o < 0 || o >= d.players.length || o === i) {
          throw new ScorecardInputError(
            `Player ${p.name} in division ${d.name} has an impossible opponent in round ${r + 1}.`,
          );
        }
      });
    });
  }
}

async function divisionPdf(
  input: ScorecardRequest,
  division: ScorecardDivision,
  size: [number, number],
  keys: Map<string, string>,
): Promise<Uint8Array> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: {
      Title: winAnsi(`${input.tournamentName} - ${division.name} - scorecards`),
      Creator: 'Tessera',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const order = division.players
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.seed - b.p.seed || a.i - b.i);
  for (const { p } of order) {
    // A card takes a few milliseconds; let other requests in between cards of a big division.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const rounds: CardRound[] = [];
    for (let r = 0; r < division.rounds; r++) {
      const pairing = p.rounds?.[r] ?? null;
      rounds.push({
        opponent: opponentText(pairing, division, input),
        first: pairing?.first ?? null,
      });
    }
    drawCard(
      doc,
      {
        tournamentName: input.tournamentName,
        divisionName: division.name,
        playerName: p.name,
        seed: input.showSeeds ? p.seed : null,
        rating: typeof p.rating === 'number' && Number.isFinite(p.rating) ? p.rating : null,
        rounds,
        qrUrl: input.showQrCode
          ? kioskUrl(input.publicUrl, input.slug, keys.get(p.id) ?? p.id)
          : null,
        online: input.online,
      },
      size,
    );
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** The opponent cell: filled only when opponents are asked for; byes and forfeits always. */
function opponentText(
  pairing: ScorecardPairing | null,
  division: ScorecardDivision,
  input: ScorecardRequest,
): string {
  if (!pairing) return '';
  switch (pairing.opponent) {
    case 'bye':
      return 'Bye';
    case 'forfeit-win':
      return 'Forfeit win';
    case 'forfeit-loss':
      return 'Forfeit loss';
  }
  if (!input.showOpponents) return '';
  const o = division.players[pairing.opponent];
  return winAnsi(o.name) + (input.showSeeds ? ` (#${o.seed})` : '');
}

/** A file name for the division's PDF, safe on every system and unique in the zip. */
function fileName(division: string, used: Set<string>): string {
  const base =
    division
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9 ._-]+/g, '_')
      .replace(/^[ .]+|[ .]+$/g, '')
      .slice(0, 60) || 'division';
  let name = `${base}.pdf`;
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n}).pdf`;
  used.add(name.toLowerCase());
  return name;
}

/** The shortest kiosk key: long enough that guessing another player's is hopeless. */
const MIN_KIOSK_KEY = 8;

/**
 * The kiosk keys (`es=` values) of a tournament's players: for each player id, the shortest
 * prefix of its user-id part (before any `:`), at least 8 characters, that no other player's
 * user-id part starts with (the whole user-id part when it is a prefix of another's). The kiosk
 * page takes the player whose user id equals the key, else the one whose user id starts with it.
 */
export function kioskKeys(playerIds: readonly string[]): Map<string, string> {
  const users = [...new Set(playerIds.map(userPart))];
  const keys = new Map<string, string>();
  for (const id of playerIds) {
    const user = userPart(id);
    let length = Math.min(MIN_KIOSK_KEY, user.length);
    const clash = (len: number) =>
      users.some((u) => u !== user && u.startsWith(user.slice(0, len)));
    while (length < user.length && clash(length)) length++;
    keys.set(id, user.slice(0, length));
  }
  return keys;
}

function userPart(id: string): string {
  const colon = id.indexOf(':');
  return colon < 0 ? id : id.slice(0, colon);
}

/** The player's kiosk URL: `<publicUrl>/tournament/<slug>?es=<key>`. */
export function kioskUrl(publicUrl: string, slug: string, key: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/tournament/${encodeURIComponent(slug)}?es=${encodeURIComponent(key)}`;
}
