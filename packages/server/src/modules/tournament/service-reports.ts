/**
 * TournamentService, what is read out of a running tournament: exports,
 * scorecards, recent games, the log, the state as of a round and a
 * competitor's state (docs/product/tournaments.md §4-§8).
 */
import type { ServiceImpl } from '@connectrpc/connect';
import { CompetitorStatus, ExportFormat, type TournamentService, refuse } from '@tessera/protocol';
import { exportStandingsCsv, exportTsh } from '@tessera/pairing';
import { Calls, personId } from './context.ts';
import type { RoundDeps } from './service-rounds.ts';
import {
  competitorStatus,
  emptyState,
  fold,
  foldAsOfRound,
  playerIndex,
  settled,
  toPairingDivision,
  type TState,
  mustDivision,
} from '@tessera/tournament';
import { fullView, STATUS_TO_WIRE } from './views.ts';
import { LOG_PAGE_MAX } from './bounds.ts';
import { logPayload } from './service-undo.ts';

type Impl = Partial<ServiceImpl<typeof TournamentService>>;

export function reportCalls(c: Calls, r: RoundDeps): Impl {
  return {
    async exportTournament(req, ctx) {
      const s = await c.load(req.id);
      await c.requireReader(ctx, s);
      const divs = req.division ? [mustDivision(s, req.division)] : s.divisions;
      if (req.format === ExportFormat.TSH) {
        // One .t file per division, as TSH reads them (a file of two divisions is not one).
        if (divs.length > 1) throw refuse('TOURNAMENT_EXPORT_DIVISION_REQUIRED');
        return { exported: divs.map((d) => exportTsh(toPairingDivision(d))).join('') };
      }
      if (req.format === ExportFormat.STANDINGSONLY)
        return {
          exported: divs
            .map((d, i) => exportStandingsCsv(toPairingDivision(d), d.name, i === 0))
            .join(''),
        };
      throw refuse('TOURNAMENT_EXPORT_FORMAT', String(req.format));
    },

    async getTournamentScorecards(req, ctx) {
      const s = await c.load(req.id);
      await c.requireReader(ctx, s);
      if (!r.scorecards)
        throw refuse('INVALID_REQUEST', 'scorecards are not available').as('unimplemented');
      return { pdfZip: await r.scorecards(s, req) };
    },

    async recentGames(req) {
      const s = await c.load(req.id);
      const size = Math.min(Math.max(req.numGames || 30, 1), 100);
      return { games: (await r.recentGames(s.id, size, Math.max(req.offset, 0))) as never };
    },

    async getTournamentLog(req, ctx) {
      const s = await c.load(req.id);
      await c.requireReader(ctx, s);
      if (req.limit < 0 || req.afterSeq < 0n) throw refuse('TOURNAMENT_LOG_RANGE', LOG_PAGE_MAX);
      const entries = await c.d.store.log(
        s.id,
        Number(req.afterSeq),
        Math.min(req.limit || 1000, LOG_PAGE_MAX),
      );
      return {
        entries: entries.map((e) => ({
          seq: BigInt(e.seq),
          kind: e.body.kind,
          payload: logPayload(e.body),
          actor: e.actor,
          at: { seconds: BigInt(Math.floor(e.at / 1000)) },
        })),
      };
    },

    async getTournamentAsOfRound(req) {
      const s = await c.load(req.id);
      const log = await c.d.store.log(s.id);
      const state = req.seq
        ? fold(
            log.filter((e) => e.seq <= Number(req.seq)),
            emptyState(s.id),
          )
        : foldAsOfRound(log, s.id, req.round);
      return fullView(state);
    },

    async getCompetitorState(req, ctx) {
      const s = await c.load(req.id);
      const me = await c.me(ctx);
      return me ? competitorState(s, personId(me)) : { status: CompetitorStatus.UNSPECIFIED };
    },
  };
}

export function competitorState(s: TState, me: string) {
  const d = s.divisions.find((x) => {
    const i = playerIndex(x, me);
    return i >= 0 && !x.players[i].removed;
  });
  if (!d) return { isRegistered: false, status: CompetitorStatus.UNSPECIFIED };
  const p = playerIndex(d, me);
  const slot = d.rounds[d.currentRound]?.[p];
  const opponent = slot && d.rounds[d.currentRound][slot.opponent];
  const status = competitorStatus({
    round: d.currentRound,
    numRounds: d.roundControls.length,
    checkinsOpen: s.checkinsOpen,
    checkedIn: !!d.players[p].checkedIn,
    pairing: slot
      ? {
          // A pairing with oneself that is not a forfeit is a bye here.
          self:
            slot.opponent !== p
              ? undefined
              : slot.outcome === 'forfeit_loss' || slot.outcome === 'forfeit_win'
                ? slot.outcome
                : 'bye',
          decided: settled(slot),
          gameId: slot.gameId,
          ready: !!slot.ready,
          opponentReady: !!opponent?.ready,
        }
      : undefined,
  });
  return {
    isRegistered: true,
    isCheckedIn: !!d.players[p].checkedIn,
    division: d.name,
    currentRound: d.currentRound,
    // Paired in no game of an open round: the round is open all the same.
    status: status ? STATUS_TO_WIRE[status] : CompetitorStatus.ROUND_OPEN,
  };
}
