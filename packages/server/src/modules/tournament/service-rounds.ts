/**
 * TournamentService, the running half: controls, pairings, results, opening
 * rounds, exports, lists and the event log (docs/product/tournaments.md §4-§8).
 */
import type { ServiceImpl } from '@connectrpc/connect';
import { toJson } from '@bufbuild/protobuf';
import {
  GameRequestSchema,
  TournamentGameResult as WireResult,
  type TournamentService,
  refuse,
  Refusal,
} from '@tessera/protocol';
import { MESSAGES, directorPairFirst, type Outcome, type PairingResult } from '@tessera/pairing';
import { premadePairings } from './premade.ts';
import { boardNumber } from './player-details.ts';
import { Calls, personId } from './context.ts';
import {
  playerIndex,
  roundControlFromWire,
  settled,
  toPairingDivision,
  type LogBody,
  type PairEntry,
  type TState,
  checkDivisionControls,
  checkPairAhead,
  checkRoundControls,
  kioskEntry,
  outcomesFromScores,
  mustDivision,
  mustPlayer,
  notFinished,
  notOfOtherDivision,
  openRounds,
  resultEntry,
  pairedMode,
  pairingReplaces,
  pairWithControls,
  pairingInput,
  pairsOf,
  type PairingInput,
  roundInRange,
  roundNumbersRefusal,
  withBoards,
  usernameOf,
} from '@tessera/tournament';
import { OUTCOME_FROM_WIRE } from './views.ts';
import { timeSeconds } from './bounds.ts';

type Impl = Partial<ServiceImpl<typeof TournamentService>>;

export interface RoundDeps {
  /** Validates a division's game request; the reason it is refused, or undefined. */
  checkGameRequest(
    req: NonNullable<Parameters<NonNullable<Impl['setDivisionControls']>>[0]['gameRequest']>,
  ): string | undefined;
  /** GameInfo of the tournament's (or club's) finished games, latest first. */
  recentGames(tournamentId: string, limit: number, offset: number): Promise<unknown[]>;
  /** Schedules a round opening at a time (scheduler job). */
  scheduleOpening(
    tournamentId: string,
    division: string,
    round: number,
    at: Date,
    all: boolean,
  ): Promise<void>;
  /**
   * Pairs a round off the event loop (pairing-pool.ts): one pairing at a
   * time per `key` (the division), a repeat of a running one joins it.
   */
  pair(key: string, input: PairingInput): Promise<PairingResult>;
  /** Printable scorecards, when the scorecards helper is wired. */
  scorecards?(
    s: TState,
    o: { showOpponents: boolean; showSeeds: boolean; showQrCode: boolean },
  ): Promise<Uint8Array>;
}

const SELF_RESULTS: Outcome[] = ['bye', 'forfeit_loss', 'forfeit_win', 'void'];

export function roundCalls(c: Calls, r: RoundDeps): Impl {
  return {
    async setDivisionControls(req, ctx) {
      const { change } = await c.asDirector(ctx, req.id);
      const controls = {
        spreadCap: req.spreadCap,
        gibsonize: req.gibsonize,
        gibsonSpread: req.gibsonSpread,
        minimumPlacement: req.minimumPlacement,
        maximumByePlacement: req.maximumByePlacement,
      };
      checkDivisionControls(controls);
      const suspended = OUTCOME_FROM_WIRE.get(req.suspendedResult);
      if (!suspended) throw refuse('TOURNAMENT_SUSPENDED_RESULT_REQUIRED');
      if (req.gameRequest) {
        const why = r.checkGameRequest(req.gameRequest);
        if (why) throw refuse('TOURNAMENT_GAME_SETTINGS_INVALID', why).as('invalid_argument');
      }
      const st = await change((st) => {
        const d = mustDivision(st, req.division);
        return [
          {
            kind: 'division.controls',
            division: d.name,
            controls,
            extras: {
              gameRequest: req.gameRequest ? toJson(GameRequestSchema, req.gameRequest) : undefined,
              suspendedResult: suspended,
              suspendedSpread: req.suspendedSpread,
              autoStart: req.autoStart,
            },
          },
        ];
      });
      return { divisionControls: req, standingsMap: {}, ...(st ? {} : {}) };
    },

    async setRoundControls(req, ctx) {
      const { state: s, change } = await c.asDirector(ctx, req.id);
      if (req.roundControls.length === 0)
        throw refuse('TOURNAMENT_CONTROLS_INVALID', MESSAGES.missingControls);
      const numbers = roundNumbersRefusal(req.roundControls.map((rc) => rc.round));
      if (numbers) throw numbers;
      const list = req.roundControls.map(roundControlFromWire);
      checkRoundControls(list.length, list);
      await change((st) => {
        notFinished(st);
        const d = mustDivision(st, req.division);
        if (d.currentRound >= 0) {
          // After the start the rounds already open keep their controls.
          for (let i = 0; i <= d.currentRound; i++) list[i] = d.roundControls[i] ?? list[i];
        }
        return [{ kind: 'round.controls', division: d.name, roundControls: list }];
      });
      return { id: s.id, division: req.division, roundControls: req.roundControls };
    },

    async setSingleRoundControls(req, ctx) {
      const { change } = await c.asDirector(ctx, req.id);
      if (!req.roundControls) throw refuse('TOURNAMENT_CONTROLS_INVALID', MESSAGES.missingControls);
      const rc = roundControlFromWire(req.roundControls);
      const round = req.roundControls.round ?? 0;
      await change((st) => {
        const d = mustDivision(st, req.division);
        roundInRange(d, round);
        if (round <= d.currentRound) throw refuse('TOURNAMENT_ROUND_ALREADY_OPEN', round + 1);
        const list = [...d.roundControls];
        list[round] = rc;
        checkRoundControls(list.length, list);
        return [{ kind: 'round.control', division: d.name, round, control: rc }];
      });
      return {};
    },

    async setPairing(req, ctx) {
      const { change } = await c.asDirector(ctx, req.id);
      const wanted: { a: string; b: string; round: number; outcome?: Outcome; board?: number }[] =
        [];
      for (const p of req.pairings) {
        if (!p.playerOneId.trim()) throw refuse('TOURNAMENT_PLAYER_ONE_REQUIRED');
        const a = await c.person(p.playerOneId);
        const self = !p.playerTwoId.trim() || p.playerTwoId === p.playerOneId;
        const b = self ? a : await c.person(p.playerTwoId);
        const board = boardNumber(p.board);
        if (a === b) {
          const outcome = OUTCOME_FROM_WIRE.get(p.selfPlayResult);
          if (!outcome || !SELF_RESULTS.includes(outcome))
            throw refuse('TOURNAMENT_SELF_PLAY_RESULT_REQUIRED');
          wanted.push({ a, b, round: p.round, outcome, ...(board ? { board } : {}) });
        } else wanted.push({ a, b, round: p.round, ...(board ? { board } : {}) });
      }
      if (wanted.length === 0) throw refuse('TOURNAMENT_PLAYER_ONE_REQUIRED');
      await change((st) => {
        notFinished(st);
        pairedMode(st);
        const d = mustDivision(st, req.division);
        notOfOtherDivision(
          st,
          d,
          wanted.flatMap((w) => [w.a, w.b]),
        );
        const asPaired = toPairingDivision(d);
        const out: LogBody[] = [];
        for (const w of wanted) {
          roundInRange(d, w.round);
          if (w.round < d.currentRound) throw refuse('TOURNAMENT_ROUND_ALREADY_OPEN', w.round + 1);
          const pa = mustPlayer(d, w.a);
          const pb = mustPlayer(d, w.b);
          // A game already under way or played cannot become a bye or forfeit this way.
          const now = d.rounds[w.round]?.[pa];
          if (
            !req.amendment &&
            w.a === w.b &&
            now &&
            now.opponent !== pa &&
            (now.gameId || settled(now))
          )
            throw refuse('TOURNAMENT_BYE_NOT_ALLOWED', usernameOf(w.a));
          const pair: PairEntry =
            w.a === w.b
              ? {
                  a: w.a,
                  b: w.b,
                  ...(w.outcome ? { outcome: w.outcome } : {}),
                  // TSH seats a bye at a board too.
                  ...(w.board ? { board: w.board } : {}),
                }
              : {
                  a: w.a,
                  b: w.b,
                  // Who goes first: the round's first method (manual = player one).
                  aFirst: directorPairFirst(asPaired, w.round, pa, pb),
                  ...(w.board ? { board: w.board } : {}),
                };
          // A game under way or over is replaced only by an amendment, which logs it as it was.
          const replaced = pairingReplaces(d, w.round, [w.a, w.b], req.amendment);
          out.push({
            kind: 'pairings.set',
            division: d.name,
            round: w.round,
            pairs: [pair],
            ...(replaced.length ? { replaced } : {}),
          });
        }
        return out;
      });
      return {};
    },

    async setResult(req, ctx) {
      const s = await c.load(req.id);
      const caller = await c.requireMe(ctx);
      const role = await c.role(s, caller);
      if (role === 'readonly') throw refuse('TOURNAMENT_READ_ONLY_DIRECTOR');
      if (!req.playerOneId.trim()) throw refuse('TOURNAMENT_PLAYER_ONE_REQUIRED');
      const a = await c.person(req.playerOneId);
      const b = req.playerTwoId.trim() ? await c.person(req.playerTwoId) : a;
      const me = personId(caller);
      // A player enters their own game's score in the kiosk (§6): the current
      // round, once, before any result; directors amend afterwards.
      const kiosk = role === 'none';
      if (kiosk && me !== a && me !== b) throw refuse('TOURNAMENT_NOT_DIRECTOR');
      if (kiosk) {
        // Players enter scores only (§6): results, byes, forfeits and voids
        // are the directors'; the result follows from the two scores.
        // (A result sent along must be the one the scores decide.)
        const sent = [req.playerOneResult, req.playerTwoResult].map((x) =>
          OUTCOME_FROM_WIRE.get(x),
        );
        const decided = outcomesFromScores(req.playerOneScore, req.playerTwoScore);
        const reason = req.gameEndReason || 2;
        if (
          sent.some((o, i) => o !== undefined && o !== decided[i]) ||
          reason !== 2 ||
          req.amendment ||
          a === b
        )
          throw refuse('TOURNAMENT_NOT_DIRECTOR');
      }
      await c.change(s.id, me, (st) => {
        if (kiosk) {
          const d = mustDivision(st, req.division);
          // The kiosk is for over-the-board games: an online game's result
          // comes from the game itself, never from a player's say-so.
          const slot = d.rounds[req.round]?.[playerIndex(d, a)];
          if (!st.meta.irlMode || slot?.gameId || req.round !== d.currentRound)
            throw refuse('TOURNAMENT_NOT_DIRECTOR');
          return kioskEntry(
            st,
            req.division,
            req.round,
            me,
            a,
            b,
            req.playerOneScore,
            req.playerTwoScore,
          );
        }
        notOfOtherDivision(st, mustDivision(st, req.division), [a, b]);
        return [
          resultEntry(st, req.division, req.round, a, b, {
            scoreA: req.playerOneScore,
            scoreB: req.playerTwoScore,
            outcomeA: OUTCOME_FROM_WIRE.get(req.playerOneResult),
            outcomeB: OUTCOME_FROM_WIRE.get(req.playerTwoResult),
            endReason: req.gameEndReason || 2,
            amendment: req.amendment,
          }),
        ];
      });
      return {};
    },

    async pairRound(req, ctx) {
      const check = (st: TState) => {
        notFinished(st);
        pairedMode(st);
        const d = mustDivision(st, req.division);
        roundInRange(d, req.round);
        if (req.round <= d.currentRound)
          throw refuse('TOURNAMENT_ROUND_ALREADY_OPEN', req.round + 1);
        return d;
      };
      // Paired on a worker from the state as read; written only if the
      // pairing's input is still the same under the lock (else paired again).
      const { state: before } = await c.asDirector(ctx, req.id);
      let made: { input: string; pairs: PairEntry[] } | undefined;
      if (!req.deletePairings) {
        const d = check(before);
        checkPairAhead(d, req.round);
        const input = pairingInput(d, req.round, req.preserveByes);
        const res = await r.pair(`${before.id}/${d.id}`, input);
        made = { input: JSON.stringify(input), pairs: pairsOf(d, input, res).pairs };
      }
      await c.directorChange(ctx, req.id, (st) => {
        const d = check(st);
        if (req.deletePairings || !made)
          return [{ kind: 'pairings.deleted', division: d.name, round: req.round }];
        checkPairAhead(d, req.round);
        const now = pairingInput(d, req.round, req.preserveByes);
        const fresh =
          JSON.stringify(now) === made.input
            ? made.pairs
            : pairWithControls(d, req.round, req.preserveByes).pairs;
        const pairs = st.meta.irlMode ? withBoards(d, req.round, fresh) : fresh;
        return [
          { kind: 'pairings.deleted', division: d.name, round: req.round },
          { kind: 'pairings.set', division: d.name, round: req.round, pairs },
        ];
      });
      return {};
    },

    async startRoundCountdown(req, ctx) {
      const { state: s, change } = await c.asDirector(ctx, req.id);
      const at = req.startsAt ? new Date(timeSeconds(req.startsAt) * 1000) : undefined;
      // The round is checked now, not when a scheduled opening comes due.
      if (!req.startAllRounds) roundInRange(mustDivision(s, req.division), req.round);
      if (at && at.getTime() > Date.now()) {
        await r.scheduleOpening(s.id, req.division, req.round, at, req.startAllRounds);
        return {};
      }
      // Paired on a worker first; the change checks the inputs under the lock.
      const premade = await premadePairings(r.pair, s, req.division, req.round, req.startAllRounds);
      await change((st) => openRounds(st, req.division, req.round, req.startAllRounds, premade));
      return {};
    },

    async runCOP(req, ctx) {
      const s = await c.load(req.id);
      await c.requireReader(ctx, s);
      const d = mustDivision(s, req.division);
      roundInRange(d, req.round);
      const override = {
        ...(req.roundControls ? roundControlFromWire(req.roundControls) : {}),
        pairingMethod: 'cop' as const,
      };
      try {
        // On a worker (a COP takes seconds); a director asking again joins the run.
        const input = pairingInput(d, req.round, true, override, Number(req.seed) || undefined);
        const { pairs, log } = pairsOf(d, input, await r.pair(`${s.id}/${d.name}`, input));
        return {
          pairings: pairs.flatMap((p) => [playerIndex(d, p.a), playerIndex(d, p.b)]),
          log,
        };
      } catch (err) {
        if (!(err instanceof Refusal && err.key === 'TOURNAMENT_PAIRING_FAILED')) throw err;
        const [code, message] = err.params.map(String);
        return { pairings: [], log: [], errorCode: code, errorMessage: message };
      }
    },
  };
}

export { WireResult };
