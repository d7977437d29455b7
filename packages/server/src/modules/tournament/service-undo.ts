/**
 * TournamentService, taking back: undo of the last director action and
 * restore as of a round (issue 36, item 19; decision 0150). Both read the
 * whole log under the tournament's lock and append one entry that records
 * what was undone and the state it goes back to (packages/tournament undo.ts).
 */
import type { HandlerContext, ServiceImpl } from '@connectrpc/connect';
import type { TournamentService } from '@tessera/protocol';
import {
  restoreEntry,
  undoEntry,
  type LogBody,
  type LogEntry,
  type TState,
} from '@tessera/tournament';
import { Calls, personId } from './context.ts';

type Impl = Partial<ServiceImpl<typeof TournamentService>>;

/** Every entry the log holds (far more than a tournament writes). */
const WHOLE_LOG = 10_000_000;

export function undoCalls(c: Calls): Impl {
  /** A director's change decided from the state and the whole log, both read under the lock. */
  async function withLog(
    ctx: HandlerContext,
    idOrSlug: string,
    decide: (log: LogEntry[], s: TState) => LogBody,
  ): Promise<void> {
    const { state, me } = await c.asDirector(ctx, idOrSlug);
    await c.d.events.transaction(c.d.db, (tx, publish) =>
      c.changeIn(tx, publish, state.id, personId(me), async (s) => {
        const log = await c.d.store.log(state.id, 0, WHOLE_LOG, tx);
        return [decide(log, s)];
      }),
    );
  }

  return {
    async undoLastAction(req, ctx) {
      await withLog(ctx, req.id, (log, s) => undoEntry(log, s, req.confirm));
      return {};
    },
    async restoreAsOfRound(req, ctx) {
      await withLog(ctx, req.id, (log, s) => restoreEntry(log, s, req.round, req.confirm));
      return {};
    },
  };
}

/** A log entry as GetTournamentLog sends it: an undo's or a restore's state stays on the server. */
export function logPayload(body: LogBody): string {
  if (body.kind === 'action.undone' || body.kind === 'round.restored') {
    const { state: _state, ...rest } = body;
    return JSON.stringify(rest);
  }
  return JSON.stringify(body);
}
