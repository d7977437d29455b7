import type { TournamentLogEntry } from '@tessera/protocol';
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

type Payload = Record<string, unknown> & { kind?: string };

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const name = (v: unknown): string => usernameOf(str(v));
const names = (v: unknown): string =>
  Array.isArray(v)
    ? v.map((x) => name(typeof x === 'object' && x !== null ? (x as Payload).id : x)).join(', ')
    : '';
const round = (p: Payload) => `round ${num(p.round) + 1}`;

const OUTCOME_TEXT: Record<string, string> = {
  bye: 'bye',
  forfeit_win: 'forfeit win',
  forfeit_loss: 'forfeit loss',
  void: 'void',
};

function resultText(p: Payload, amended: boolean): string {
  const a = name(p.a);
  const b = name(p.b);
  const outcome = OUTCOME_TEXT[str(p.outcomeA)];
  const score =
    p.a === p.b
      ? `${a} ${outcome ?? 'result'} ${num(p.scoreA)}`
      : `${a} ${num(p.scoreA)} – ${b} ${num(p.scoreB)}`;
  return `Result set: ${score}, ${round(p)}${amended ? ' (amendment)' : ''}`;
}

function pairsText(p: Payload): string {
  const pairs = Array.isArray(p.pairs) ? (p.pairs as Payload[]) : [];
  const shown = pairs.map((x) =>
    x.a === x.b
      ? `${name(x.a)} ${OUTCOME_TEXT[str(x.outcome)] ?? 'bye'}`
      : `${name(x.a)} – ${name(x.b)}`,
  );
  return `Pairings set for ${round(p)}: ${shown.join(', ')}`;
}

function describe(p: Payload, amended: boolean): string {
  switch (p.kind) {
    case 'created':
      return 'Tournament created';
    case 'metadata.set':
      return `Settings changed: ${Object.keys((p.meta as object) ?? {}).join(', ')}`;
    case 'directors.added':
      return `Directors added: ${names(p.directors)}`;
    case 'directors.removed':
      return `Directors removed: ${names(p.ids)}`;
    case 'division.added':
      return 'Division added';
    case 'division.removed':
      return 'Division removed';
    case 'division.renamed':
      return `Division renamed to ${str(p.newName)}`;
    case 'players.added':
      return `Players added: ${names(p.players)}`;
    case 'players.removed':
      return `Players removed: ${names(p.ids)}`;
    case 'player.moved':
      return `${name(p.id)} moved from ${str(p.from)} to ${str(p.to)}`;
    case 'division.controls':
      return 'Tournament controls set';
    case 'round.controls':
      return 'Round controls set';
    case 'round.control':
      return `Round controls set for ${round(p)}`;
    case 'pairings.set':
      return pairsText(p);
    case 'pairings.deleted':
      return `Pairings deleted for ${round(p)}`;
    case 'result.set':
      return resultText(p, amended);
    case 'round.started':
      return `Round ${num(p.round) + 1} opened`;
    case 'ready':
      return `${name(p.player)} ${p.ready ? 'ready' : 'not ready'} for ${round(p)}`;
    case 'game.started':
      return `Game started: ${name(p.a)} – ${name(p.b)}, ${round(p)}`;
    case 'registration':
      return p.open ? 'Registration opened' : 'Registration closed';
    case 'checkins':
      return p.open ? 'Check-ins opened' : 'Check-ins closed';
    case 'checkin':
      return `${name(p.id)} ${p.checkedIn ? 'checked in' : 'check-in cleared'}`;
    case 'checkins.cleared':
      return 'All check-ins cleared';
    case 'unchecked.removed':
      return 'Players not checked in removed';
    case 'registered':
      return `${name(p.id)} registered (rating ${num(p.rating)})`;
    case 'unregistered':
      return `${name(p.id)} unregistered`;
    case 'unstarted':
      return 'Tournament unstarted';
    case 'finished':
      return p.finished ? 'Tournament finished' : 'Tournament unfinished';
    default:
      return str(p.kind) || 'Unknown entry';
  }
}

function parse(payload: string): Payload {
  try {
    const v: unknown = JSON.parse(payload);
    return typeof v === 'object' && v !== null ? (v as Payload) : {};
  } catch {
    return {};
  }
}

const resultKey = (p: Payload) =>
  [str(p.division), num(p.round), ...[str(p.a), str(p.b)].sort()].join('|');

/** The log's entries (oldest first, as the server sends them) as lines, newest first. */
export function logLines(entries: readonly TournamentLogEntry[]): LogLine[] {
  const seen = new Set<string>();
  const lines = [...entries]
    .sort((x, y) => Number(x.seq - y.seq))
    .map((e): LogLine => {
      const p = parse(e.payload);
      if (!p.kind) p.kind = e.kind;
      let amended = false;
      if (p.kind === 'result.set') {
        const key = resultKey(p);
        amended = seen.has(key);
        seen.add(key);
      }
      if (p.kind === 'unstarted') seen.clear();
      const division = str(p.division) || (p.kind === 'player.moved' ? str(p.from) : '');
      return {
        seq: Number(e.seq),
        at: millis(e.at),
        who: e.actor && e.actor !== 'system' ? usernameOf(e.actor) : 'system',
        division,
        what: describe(p, amended),
      };
    });
  return lines.reverse();
}

/** "Sat, 28 Nov 2026, 14:05:09" in the viewer's own time zone. */
export function logTime(ms: number, timeZone?: string): string {
  return whenText(ms, timeZone, true);
}
