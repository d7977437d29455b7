import type { TournamentLogEntry } from '@tessera/protocol';
import { byKind, type LogBody, type LogBodyOf, type LogTable } from '@tessera/tournament';
import { whenText } from '../events/index.ts';
import { millis } from './from-proto.ts';
import { usernameOf } from './model.ts';

/**
 * The tournament's event log (GetTournamentLog, issue 28 scope 1) as the
 * Tournament log dialog lists it: newest first, each entry saying who did
 * what and when. The payload is the server's log entry as JSON (its `kind`
 * and fields); rounds there are 0-based and shown 1-based here. A result set
 * for a pairing that already had one is marked as an amendment.
 */

export interface LogLine {
  seq: number;
  /** Unix ms. */
  at: number;
  /** The username of whoever did it, or "system" (game ends, countdowns). */
  who: string;
  /** The division it concerns, '' for the whole tournament. */
  division: string;
  what: string;
}

const name = (personId: string): string => usernameOf(personId);
const names = (ids: readonly string[]): string => ids.map(name).join(', ');
const round = (b: { round: number }) => `round ${b.round + 1}`;

const OUTCOME_TEXT: Record<string, string> = {
  bye: 'bye',
  forfeit_win: 'forfeit win',
  forfeit_loss: 'forfeit loss',
  void: 'void',
};

/** What each kind of entry says; `amended` is true for a result set again. */
const DESCRIBE: LogTable<string, [amended: boolean]> = {
  created: () => 'Tournament created',
  'metadata.set': (b) => `Settings changed: ${Object.keys(b.meta ?? {}).join(', ')}`,
  'directors.added': (b) => `Directors added: ${names(b.directors.map((x) => x.id))}`,
  'directors.removed': (b) => `Directors removed: ${names(b.ids)}`,
  'division.added': () => 'Division added',
  'division.removed': () => 'Division removed',
  'division.renamed': (b) => `Division renamed to ${b.newName}`,
  'players.added': (b) => `Players added: ${names(b.players.map((x) => x.id))}`,
  'players.removed': (b) => `Players removed: ${names(b.ids)}`,
  'player.moved': (b) => `${name(b.id)} moved from ${b.from} to ${b.to}`,
  'division.controls': () => 'Tournament controls set',
  'round.controls': () => 'Round controls set',
  'round.control': (b) => `Round controls set for ${round(b)}`,
  'pairings.set': (b) => {
    const shown = b.pairs.map((x) =>
      x.a === x.b
        ? `${name(x.a)} ${OUTCOME_TEXT[x.outcome ?? ''] ?? 'bye'}`
        : `${name(x.a)} – ${name(x.b)}`,
    );
    return `Pairings set for ${round(b)}: ${shown.join(', ')}`;
  },
  'pairings.deleted': (b) => `Pairings deleted for ${round(b)}`,
  'result.set': (b, amended) => {
    const a = name(b.a);
    const outcome = OUTCOME_TEXT[b.outcomeA ?? ''];
    const score =
      b.a === b.b
        ? `${a} ${outcome ?? 'result'} ${b.scoreA}`
        : `${a} ${b.scoreA} – ${name(b.b)} ${b.scoreB}`;
    return `Result set: ${score}, ${round(b)}${amended ? ' (amendment)' : ''}`;
  },
  'score.held': (b) =>
    `Score held for a director: ${name(b.a)} ${b.scoreA} – ${name(b.b)} ${b.scoreB}, ${round(b)} (entered by ${name(b.by)}; it differs from the recorded score)`,
  'round.started': (b) => `Round ${b.round + 1} opened`,
  ready: (b) => `${name(b.player)} ${b.ready ? 'ready' : 'not ready'} for ${round(b)}`,
  'game.started': (b) => `Game started: ${name(b.a)} – ${name(b.b)}, ${round(b)}`,
  registration: (b) => (b.open ? 'Registration opened' : 'Registration closed'),
  checkins: (b) => (b.open ? 'Check-ins opened' : 'Check-ins closed'),
  checkin: (b) => `${name(b.id)} ${b.checkedIn ? 'checked in' : 'check-in cleared'}`,
  'checkins.cleared': () => 'All check-ins cleared',
  'unchecked.removed': () => 'Players not checked in removed',
  registered: (b) => `${name(b.id)} registered (rating ${b.rating})`,
  unregistered: (b) => `${name(b.id)} unregistered`,
  unstarted: () => 'Tournament unstarted',
  'unstart.undone': () => 'Unstart undone: pairings and results restored',
  finished: (b) => (b.finished ? 'Tournament finished' : 'Tournament unfinished'),
  'action.undone': (b) => `Undone: ${undoneRange(b)} (${b.kinds.join(', ')})${lostText(b.lost)}`,
  'round.restored': (b) => `Restored as of ${round(b)}${lostText(b.lost)}`,
};

const undoneRange = (b: { fromSeq: number; throughSeq: number }) =>
  b.fromSeq === b.throughSeq ? `entry #${b.fromSeq}` : `entries #${b.fromSeq}–#${b.throughSeq}`;

const lostText = (lost: number) =>
  lost > 0 ? `; ${lost} result${lost === 1 ? '' : 's'} removed (kept in this log)` : '';

/**
 * An entry's line. A kind this page does not know (a newer server) or an
 * entry missing its fields shows its kind rather than breaking the list.
 */
function describe(b: LogBody, amended: boolean): string {
  if (!Object.hasOwn(DESCRIBE, b.kind)) return b.kind || 'Unknown entry';
  try {
    return byKind(DESCRIBE, b, amended);
  } catch {
    return b.kind;
  }
}

/** The entry's body as the server stored it (GetTournamentLog sends it as JSON). */
function parse(payload: string, kind: string): LogBody {
  try {
    const v: unknown = JSON.parse(payload);
    if (typeof v === 'object' && v !== null) return { kind, ...v } as LogBody;
  } catch {
    // An unreadable payload: the entry's kind alone.
  }
  return { kind } as LogBody;
}

const resultKey = (b: LogBodyOf<'result.set'>) =>
  [b.division, b.round, ...[b.a, b.b].sort()].join('|');

/** The log's entries (oldest first, as the server sends them) as lines, newest first. */
export function logLines(entries: readonly TournamentLogEntry[]): LogLine[] {
  const seen = new Set<string>();
  const lines = [...entries]
    .sort((x, y) => Number(x.seq - y.seq))
    .map((e): LogLine => {
      const b = parse(e.payload, e.kind);
      let amended = false;
      if (b.kind === 'result.set') {
        const key = resultKey(b);
        amended = seen.has(key);
        seen.add(key);
      }
      if (b.kind === 'unstarted') seen.clear();
      const division = ('division' in b && b.division) || (b.kind === 'player.moved' ? b.from : '');
      return {
        seq: Number(e.seq),
        at: millis(e.at),
        who: e.actor && e.actor !== 'system' ? usernameOf(e.actor) : 'system',
        division,
        what: describe(b, amended),
      };
    });
  // An undo names what it undid in that entry's own words, when the page holds it.
  const said = new Map(lines.map((l) => [l.seq, l.what]));
  for (const [i, e] of [...entries].sort((x, y) => Number(x.seq - y.seq)).entries()) {
    const b = parse(e.payload, e.kind);
    if (b.kind !== 'action.undone' || !said.has(b.fromSeq)) continue;
    const undone = [];
    for (let q = b.fromSeq; q <= b.throughSeq; q++) undone.push(said.get(q) ?? `#${q}`);
    lines[i] = { ...lines[i], what: `Undone: ${undone.join('; ')}${lostText(b.lost)}` };
  }
  return lines.reverse();
}

/** "Sat, 28 Nov 2026, 14:05:09" in the viewer's own time zone. */
export function logTime(ms: number, timeZone?: string): string {
  return whenText(ms, timeZone, true);
}
