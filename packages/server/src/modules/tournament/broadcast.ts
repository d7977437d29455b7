/**
 * After a change commits, the tournament's realm (`tournament.<slug>`) hears
 * what changed: one message per kind of change (tournament.proto, socket part).
 *
 * Messages carry deltas (decision 0122): the round whose pairings changed and
 * the standings of the rounds a result moved, never every round. A socket
 * message holds at most 64 KB; what does not fit is split into one message
 * per round, and what still does not fit (a whole division of hundreds of
 * players) becomes a division message without its body, which tells the page
 * to fetch the tournament again. Each message is sent on its own: one that
 * fails is logged and never keeps the others from being sent.
 */
import {
  DivisionControlsMessageSchema,
  DivisionDeletedMessageSchema,
  DivisionPairingsMessageSchema,
  DivisionPlayersMessageSchema,
  DivisionRoundControlsMessageSchema,
  encodeSocketMessage,
  endReasons,
  MessageType,
  PlayerCheckinMessageSchema,
  TournamentDivisionMessageSchema,
  TournamentFinishedMessageSchema,
  TournamentGameEndedEventSchema,
  TournamentMetadataMessageSchema,
  TournamentReadyStateSchema,
  TournamentRoundStartedSchema,
} from '@tessera/protocol';
import type { Logger } from 'pino';
import type { Gateway } from '../../socket/gateway.ts';
import type { GameRow } from '../game/index.ts';
import {
  byKind,
  division,
  type DivState,
  type LogEntry,
  type LogTable,
  type TState,
  gameOutcomes,
  tournamentRealm,
} from '@tessera/tournament';
import {
  directorList,
  divisionControlsView,
  divisionView,
  roundStartedAtView,
  metadataView,
  pairingsView,
  roundControlView,
  OUTCOME_TO_WIRE,
  slotOutcome,
  standingsView,
} from './views.ts';

export function broadcastChange(
  gateway: Gateway,
  s: TState,
  entries: LogEntry[],
  log?: Pick<Logger, 'error'>,
): void {
  const realm = tournamentRealm(s.meta.slug);
  const fail = (err: unknown, what: string) =>
    log?.error({ err, tournament: s.id, message: what }, 'tournament message not sent');
  const send = (bytes: Uint8Array) => gateway.toRealm(realm, bytes);
  const sent = new Set<string>();
  const out: Out = {
    s,
    send(what, message, fallback) {
      let bytes: Uint8Array;
      try {
        bytes = message();
      } catch (err) {
        if (!(err instanceof RangeError) || !fallback) return fail(err, what);
        return fallback();
      }
      try {
        send(bytes);
      } catch (err) {
        fail(err, what);
      }
    },
    once(key, what, message, fallback) {
      if (sent.has(key)) return;
      sent.add(key);
      out.send(what, message, fallback);
    },
    stale(d) {
      out.once(`stale.${d}`, 'division.stale', () =>
        encodeSocketMessage(MessageType.TOURNAMENT_DIVISION, TournamentDivisionMessageSchema, {
          tournamentId: s.id,
          division: d,
          started: s.started,
        }),
      );
    },
  };
  for (const { body } of entries) {
    try {
      byKind(TELL, body, out);
    } catch (err) {
      fail(err, body.kind);
    }
  }
}

/**
 * Where a change's messages go. `send` encodes and sends one message; a
 * message too big for a frame (RangeError) runs `fallback` instead (the
 * split form), any other failure is logged. `once` sends a view at most
 * once per change (several entries may ask for it); `stale` tells the page
 * to fetch a division again.
 */
interface Out {
  s: TState;
  send(what: string, message: () => Uint8Array, fallback?: () => void): void;
  once(key: string, what: string, message: () => Uint8Array, fallback?: () => void): void;
  stale(division: string): void;
}

/** The rounds from `from` to the division's current one (the standings a result in `from` moves). */
function roundsFrom(d: DivState, from: number): number[] {
  const out: number[] = [];
  for (let r = Math.max(0, from); r <= d.currentRound; r++) out.push(r);
  return out;
}

/**
 * Pairings of `pairRounds` and standings of `standRounds`, each round's
 * pairings and each round's standings in a pairings message of its own (the
 * page merges them round by round); one that still does not fit makes the
 * division stale.
 */
function perRound(out: Out, d: DivState, pairRounds: number[], standRounds: number[]): void {
  const pairs = pairingsView(d, pairRounds);
  const stands = standingsView(d, standRounds);
  const part = (
    what: string,
    r: number,
    pairings: ReturnType<typeof pairingsView>,
    standings: ReturnType<typeof standingsView>,
  ) =>
    out.send(
      `${what}.${r}`,
      () =>
        encodeSocketMessage(
          MessageType.TOURNAMENT_DIVISION_PAIRINGS,
          DivisionPairingsMessageSchema,
          {
            tournamentId: out.s.id,
            division: d.name,
            pairings,
            standings,
          },
        ),
      () => out.stale(d.name),
    );
  for (const r of pairRounds) if (r in pairs) part('pairings', r, { [r]: pairs[r] }, {});
  for (const r of standRounds) if (r in stands) part('standings', r, {}, { [r]: stands[r] });
}

/** What the realm hears for each kind of entry. */
const TELL: LogTable<void, [out: Out]> = {
  'round.started'(b, { s, send }) {
    const d = division(s, b.division);
    send('round.started', () =>
      encodeSocketMessage(MessageType.TOURNAMENT_ROUND_STARTED, TournamentRoundStartedSchema, {
        tournamentId: s.id,
        division: b.division,
        round: b.round,
        startedAt: d && roundStartedAtView(d),
      }),
    );
  },
  ready(b, { s, send }) {
    send('ready', () =>
      encodeSocketMessage(MessageType.TOURNAMENT_READY_STATE, TournamentReadyStateSchema, {
        tournamentId: s.id,
        division: b.division,
        round: b.round,
        playerId: b.player,
        ready: b.ready,
      }),
    );
  },
  'result.set'(b, out) {
    const { s, send } = out;
    const d = division(s, b.division);
    if (!d) return;
    const row = d.rounds[b.round] ?? [];
    const pa = d.players.findIndex((p) => p.id === b.a);
    const pb = d.players.findIndex((p) => p.id === b.b);
    const ended = (standings: ReturnType<typeof standingsView>) =>
      encodeSocketMessage(MessageType.TOURNAMENT_GAME_ENDED, TournamentGameEndedEventSchema, {
        tournamentId: s.id,
        division: d.name,
        round: b.round,
        gameId: b.gameId ?? '',
        players: [b.a, b.b],
        scores: [b.scoreA, b.scoreB],
        results: [slotOutcome(row[pa]), slotOutcome(row[pb])],
        endReason: b.endReason,
        standings,
      });
    // The standings this result moved: its round's and every later open round's.
    const moved = roundsFrom(d, b.round);
    send(
      'result.set',
      () => ended(standingsView(d, moved)),
      () => {
        send('result.set', () => ended({}));
        perRound(out, d, [], moved);
      },
    );
  },
  'pairings.set': (b, out) => pairings(out, b.division, b.round),
  'pairings.deleted': (b, out) => pairings(out, b.division, b.round),
  'game.started': (b, out) => pairings(out, b.division, b.round),
  'division.controls'(b, out) {
    const { s, send } = out;
    const d = division(s, b.division);
    if (!d) return;
    const message = (standings: ReturnType<typeof standingsView>) =>
      encodeSocketMessage(MessageType.TOURNAMENT_DIVISION_CONTROLS, DivisionControlsMessageSchema, {
        tournamentId: s.id,
        division: d.name,
        divisionControls: divisionControlsView(s, d),
        standings,
      });
    // Gibsonization may change every open round's standings.
    const open = roundsFrom(d, 0);
    send(
      'division.controls',
      () => message(standingsView(d, open)),
      () => {
        send('division.controls', () => message({}));
        perRound(out, d, [], open);
      },
    );
  },
  'round.controls': (b, out) => roundControls(out, b.division),
  'round.control': (b, out) => roundControls(out, b.division),
  'players.added': (b, out) => players(out, b.division),
  'players.removed': (b, out) => players(out, b.division),
  registered: (b, out) => players(out, b.division),
  'division.removed'(b, { s, send }) {
    send('division.removed', () =>
      encodeSocketMessage(MessageType.TOURNAMENT_DIVISION_DELETED, DivisionDeletedMessageSchema, {
        tournamentId: s.id,
        division: b.division,
      }),
    );
  },
  finished(b, { s, send }) {
    send('finished', () =>
      encodeSocketMessage(MessageType.TOURNAMENT_FINISHED, TournamentFinishedMessageSchema, {
        tournamentId: s.id,
        finished: b.finished,
      }),
    );
  },
  checkin(b, { s, send }) {
    send('checkin', () =>
      encodeSocketMessage(MessageType.TOURNAMENT_PLAYER_CHECKIN, PlayerCheckinMessageSchema, {
        tournamentId: s.id,
        playerId: b.id,
        checkedIn: b.checkedIn,
      }),
    );
  },
  'metadata.set': (_b, out) => metadata(out),
  'directors.added': (_b, out) => metadata(out),
  'directors.removed': (_b, out) => metadata(out),
  registration: (_b, out) => metadata(out),
  checkins: (_b, out) => metadata(out),
  // The rest reshape divisions as a whole: every division again.
  created: (_b, out) => everyDivision(out),
  'division.added': (_b, out) => everyDivision(out),
  'division.renamed': (b, out) => everyDivision(out, { from: b.division, to: b.newName }),
  'player.moved': (_b, out) => everyDivision(out),
  unregistered: (_b, out) => everyDivision(out),
  'checkins.cleared': (_b, out) => everyDivision(out),
  'unchecked.removed': (_b, out) => everyDivision(out),
  unstarted: (_b, out) => everyDivision(out),
  'unstart.undone': (_b, out) => everyDivision(out),
  // An undo or a restore may change anything: the settings and every division again.
  'action.undone': (_b, out) => restored(out),
  'round.restored': (_b, out) => restored(out),
  // Held kiosk scores are the directors' business: their log shows them.
  'score.held': () => {},
};

/** A round's pairings changed: that round's pairings and the standings from it on. */
function pairings(out: Out, name: string, round: number): void {
  const d = division(out.s, name);
  if (!d) return;
  const moved = roundsFrom(d, round);
  out.once(
    `pairings.${d.name}.${round}`,
    'pairings',
    () =>
      encodeSocketMessage(MessageType.TOURNAMENT_DIVISION_PAIRINGS, DivisionPairingsMessageSchema, {
        tournamentId: out.s.id,
        division: d.name,
        pairings: pairingsView(d, [round]),
        standings: standingsView(d, moved),
      }),
    () => perRound(out, d, [round], moved),
  );
}

/** New round controls: the controls alone (pairings already made are kept and told on their own). */
function roundControls(out: Out, name: string): void {
  const d = division(out.s, name);
  if (!d) return;
  out.send(
    'round.controls',
    () =>
      encodeSocketMessage(
        MessageType.TOURNAMENT_ROUND_CONTROLS,
        DivisionRoundControlsMessageSchema,
        {
          tournamentId: out.s.id,
          division: d.name,
          roundControls: d.roundControls.map((rc, i) => roundControlView(rc, i)),
        },
      ),
    () => out.stale(d.name),
  );
}

/** The players changed: the player list (pairings and standings are indices into it, so they come along). */
function players(out: Out, name: string): void {
  const { s } = out;
  const d = division(s, name);
  if (!d) return;
  out.once(
    `players.${d.name}`,
    'players',
    () =>
      encodeSocketMessage(MessageType.TOURNAMENT_DIVISION_PLAYERS, DivisionPlayersMessageSchema, {
        tournamentId: s.id,
        division: d.name,
        players: divisionView(s, d).players,
        playerIndexMap: Object.fromEntries(d.players.map((p, i) => [p.id, i])),
        pairings: pairingsView(d),
        standings: standingsView(d),
      }),
    () => out.stale(d.name),
  );
}

function metadata({ s, once }: Out): void {
  once('meta', 'metadata', () =>
    encodeSocketMessage(MessageType.TOURNAMENT_METADATA, TournamentMetadataMessageSchema, {
      metadata: metadataView(s),
      directors: directorList(s),
    }),
  );
}

function restored(out: Out): void {
  metadata(out);
  everyDivision(out);
}

function everyDivision(out: Out, renamed?: { from: string; to: string }): void {
  const { s } = out;
  for (const x of s.divisions)
    out.once(
      `div.${x.name}`,
      'division',
      () =>
        encodeSocketMessage(MessageType.TOURNAMENT_DIVISION, TournamentDivisionMessageSchema, {
          tournamentId: s.id,
          division: x.name,
          full: divisionView(s, x),
          started: s.started,
          ...(renamed && x.name === renamed.to ? { renamedFrom: renamed.from } : {}),
        }),
      () => {
        if (renamed && x.name === renamed.to)
          out.send('division', () =>
            encodeSocketMessage(MessageType.TOURNAMENT_DIVISION, TournamentDivisionMessageSchema, {
              tournamentId: s.id,
              division: x.name,
              started: s.started,
              renamedFrom: renamed.from,
            }),
          );
        else out.stale(x.name);
      },
    );
}
/**
 * A club game ended: the club's page hears it (no division, no standings), so
 * its Recent games list refreshes its first page.
 */
export function announceClubGame(
  gateway: Gateway,
  s: TState,
  row: Pick<GameRow, 'id' | 'score0' | 'score1' | 'winner' | 'end_reason'>,
  players: [string, string],
): void {
  const { outcomeA, outcomeB } = gameOutcomes(row.end_reason, row.winner);
  const wire = (o: typeof outcomeA) => (o ? OUTCOME_TO_WIRE[o] : 0);
  gateway.toRealm(
    tournamentRealm(s.meta.slug),
    encodeSocketMessage(MessageType.TOURNAMENT_GAME_ENDED, TournamentGameEndedEventSchema, {
      tournamentId: s.id,
      gameId: row.id,
      players,
      scores: [row.score0, row.score1],
      results: [wire(outcomeA), wire(outcomeB)],
      endReason: endReasons.toWire(row.end_reason as never),
    }),
  );
}
