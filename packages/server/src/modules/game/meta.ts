import { randomBytes } from 'node:crypto';
import { endWithoutPlay, type GameState, isTurn, ok } from '@tessera/engine';
import { type GameMetaEvent, GameMetaEvent_Type as T, refuse } from '@tessera/protocol';
import { addedTo, addTime, MAX_ADDED_MS } from './clock.ts';
import type { Decision } from './decision.ts';
import type { GameRow, MetaEventState } from './migrations.ts';

/**
 * Cancel requests, nudges and added time (docs/product/gameplay.md §4 "Game meta
 * events"). A request waits in the game row with an expiry; the clock
 * deadline job resolves it when the countdown ends: an unanswered cancel request
 * cancels the game, an unanswered nudge forfeits it for the absent player.
 * Only the two players may request or answer.
 */
export const ABORT_COUNTDOWN_MS = 60_000;
export const NUDGE_COUNTDOWN_MS = 120_000;
export const ADD_TIME_MS = 15_000;
/** Cancel Game is offered up to this many turns. */
export const MAX_CANCEL_TURNS = 7;

const notAllowed = (text: string) => refuse('META_NOT_ALLOWED', text);

function request(
  row: GameRow,
  p: number,
  type: MetaEventState['type'],
  countdown: number,
  now: number,
): Decision {
  if (row.meta_event) throw notAllowed('There is already an open request in this game.');
  const meta: MetaEventState = {
    id: randomBytes(6).toString('base64url'),
    type,
    playerIndex: p,
    createdAt: now,
    expiresAt: now + countdown,
  };
  const wire = type === 'REQUEST_ABORT' ? T.REQUEST_ABORT : T.REQUEST_ADJUDICATION;
  return {
    mover: p,
    run: null,
    meta,
    announce: { type: wire, origEventId: meta.id, playerIndex: p, expiry: countdown },
  };
}

function answering(row: GameRow, m: GameMetaEvent, type: MetaEventState['type']): MetaEventState {
  const open = row.meta_event;
  if (!open || open.type !== type || (m.origEventId && m.origEventId !== open.id)) {
    throw notAllowed('There is no such request to answer.');
  }
  return open;
}

export function decideMeta(
  row: GameRow,
  g: GameState,
  p: number,
  m: GameMetaEvent,
  now: number,
): Decision {
  if (p < 0) throw refuse('NOT_A_PLAYER');
  const live = !row.correspondence && row.bot_index < 0;
  switch (m.type) {
    case T.REQUEST_ABORT: {
      if (!live) throw notAllowed('Only real-time games between people can be cancelled.');
      if (g.events.filter((e) => isTurn(e.type)).length > MAX_CANCEL_TURNS) {
        throw notAllowed(`A game can only be cancelled in its first ${MAX_CANCEL_TURNS} turns.`);
      }
      return request(row, p, 'REQUEST_ABORT', ABORT_COUNTDOWN_MS, now);
    }
    case T.REQUEST_ADJUDICATION: {
      if (!live || row.tournament_id)
        throw notAllowed('Nudging is only for real-time games between people.');
      if (g.playerOnTurn === p)
        throw notAllowed('You can only nudge while your opponent is on turn.');
      return request(row, p, 'REQUEST_ADJUDICATION', NUDGE_COUNTDOWN_MS, now);
    }
    case T.ABORT_ACCEPTED: {
      const open = answering(row, m, 'REQUEST_ABORT');
      if (open.playerIndex === p) throw notAllowed('You cannot accept your own request.');
      return {
        mover: p,
        run: () => (endWithoutPlay(g, 'CANCELLED'), ok([])),
        meta: null,
        announce: { type: T.ABORT_ACCEPTED, origEventId: open.id, playerIndex: p, expiry: 0 },
      };
    }
    case T.ABORT_DENIED: {
      // From the requester this withdraws the request; from the other player it declines it.
      const open = answering(row, m, 'REQUEST_ABORT');
      return {
        mover: p,
        run: null,
        meta: null,
        announce: { type: T.ABORT_DENIED, origEventId: open.id, playerIndex: p, expiry: 0 },
      };
    }
    case T.ADJUDICATION_DENIED: {
      const open = answering(row, m, 'REQUEST_ADJUDICATION');
      if (open.playerIndex === p) throw notAllowed('Only your opponent can answer your nudge.');
      return {
        mover: p,
        run: null,
        meta: null,
        announce: { type: T.ADJUDICATION_DENIED, origEventId: open.id, playerIndex: p, expiry: 0 },
      };
    }
    case T.TIMER_EXPIRED: {
      if (!row.meta_event || row.meta_event.expiresAt > now)
        throw notAllowed('The countdown has not ended yet.');
      return expireMeta(row, g);
    }
    case T.ADD_TIME: {
      if (row.correspondence) throw notAllowed('Time cannot be added in correspondence games.');
      if (addedTo(row.clock, 1 - p) + ADD_TIME_MS > MAX_ADDED_MS) {
        throw notAllowed(
          `You can give your opponent at most ${MAX_ADDED_MS / 60_000} minutes in a game.`,
        );
      }
      return {
        mover: p,
        run: null,
        clock: (c) => addTime(c, 1 - p, ADD_TIME_MS, now),
        announce: { type: T.ADD_TIME, origEventId: '', playerIndex: p, expiry: ADD_TIME_MS },
      };
    }
    // Not offered, and neither is a number the schema does not know.
    case T.UNSPECIFIED:
    case T.REQUEST_UNDO:
    case T.UNDO_ACCEPTED:
    case T.UNDO_DENIED:
    case T.REQUEST_ADJOURN:
    case T.ADJUDICATION_ACCEPTED:
    default:
      throw notAllowed('That request is not available.');
  }
}

/** The countdown of the open request ran out. */
export function expireMeta(row: GameRow, g: GameState): Decision {
  const open = row.meta_event!;
  const absent = 1 - open.playerIndex;
  return {
    mover: open.playerIndex,
    expired: true,
    run: () => (
      open.type === 'REQUEST_ABORT'
        ? endWithoutPlay(g, 'CANCELLED')
        : endWithoutPlay(g, 'FORCE_FORFEIT', absent),
      ok([])
    ),
    meta: null,
    announce: {
      type: T.TIMER_EXPIRED,
      origEventId: open.id,
      playerIndex: open.playerIndex,
      expiry: 0,
    },
  };
}

/**
 * The open request of a game still running, as the refresher carries it: a
 * page that loads (or reloads) mid-countdown shows the banner with the time
 * that is left instead of losing the request (docs/product/gameplay.md §4
 * "Game meta events").
 */
export function outstandingMeta(row: GameRow, now: number) {
  const open = row.meta_event;
  if (!open || row.ended_at) return undefined;
  return {
    gameId: row.id,
    type: open.type === 'REQUEST_ABORT' ? T.REQUEST_ABORT : T.REQUEST_ADJUDICATION,
    origEventId: open.id,
    playerId: open.playerIndex === 0 ? row.player0_id : row.player1_id,
    timestamp: BigInt(open.createdAt),
    expiry: Math.max(0, open.expiresAt - now),
  };
}
