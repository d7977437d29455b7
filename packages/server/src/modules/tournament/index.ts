import type { ConnectRouter } from '@connectrpc/connect';
import { TournamentService, refuse, Refusal } from '@tessera/protocol';
import type { Logger } from 'pino';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';
import type { Accounts, SessionResolver } from '../auth/index.ts';
import type { Events } from '../events.ts';
import type { GameApi } from '../game/index.ts';
import { gameInfo } from '../game/index.ts';
import type { ModuleParts, ServerModule } from '../module.ts';
import type { Roles } from '../roles/index.ts';
import type { Scheduler } from '../scheduler/index.ts';
import { broadcastChange } from './broadcast.ts';
import { Calls, type RatingLookup, type Role as TournamentRole } from './context.ts';
import { announceClubGames, autoStart, registerPlay } from './play.ts';
import { validateGameRequest } from '../lobby/index.ts';
import { reportCalls } from './service-reports.ts';
import { roundCalls, type RoundDeps } from './service-rounds.ts';
import { peopleCalls } from './service-people.ts';
import { setupCalls } from './service-setup.ts';
import { undoCalls } from './service-undo.ts';
import { listCalls } from './service-lists.ts';
import { printoutCalls } from './service-printouts.ts';
import {
  division,
  divisionById,
  openRounds,
  slugNameOfPath,
  tournamentRealm,
  type TState,
  userIdOf,
} from '@tessera/tournament';
import { TournamentStore } from './store.ts';
import { premadePairings } from './premade.ts';
import { PairingPool } from './pairing-pool.ts';
import { makeScorecardsZip, ScorecardInputError } from './scorecards/index.ts';
import { scorecardRequest } from './scorecards-data.ts';

export { tournamentMigrations } from './store.ts';
export {
  isFreeForm,
  type TState as TournamentState,
  type LogEntry as TournamentLogEntry,
} from '@tessera/tournament';

const OPEN_ROUND_JOB = 'tournament.open-round';

/** What other modules may ask of tournaments. */
export interface TournamentApi {
  /** A tournament's folded state by id or slug, or undefined. */
  state(idOrSlug: string): Promise<TState | undefined>;
  /** A user's role in a tournament (§6): a director, read-only director, admin or Tournament Manager, or none. */
  role(s: TState, user: { id: string; username: string } | undefined): Promise<TournamentRole>;
}

export type { Role as TournamentRole } from './context.ts';

/**
 * Tournaments and clubs (docs/product/tournaments.md): TournamentService,
 * READY_FOR_TOURNAMENT_GAME, the realm tournament.<slug>. Every change is an
 * entry of the tournament's log (decision 0097).
 *
 * Reacts to: game.ended in the transaction (a tournament game's result goes
 * into the log and publishes tournament.changed there) and after commit (a
 * club game is listed); tournament.changed after commit (the realm is told).
 * Scheduler jobs: tournament.open-round (a round opened at a set time).
 */
export function createTournamentModule(deps: {
  db: Db;
  gateway: Gateway;
  events: Events;
  sessions: SessionResolver;
  accounts: Accounts;
  roles: Roles;
  games: GameApi;
  scheduler: Scheduler;
  log: Logger;
  lexiconName: (name: string) => string | undefined;
  /** Ratings by (user, rating key), from the rating module. */
  ratings: RatingLookup;
  /** The site's public address, for the scorecards' QR codes. */
  publicUrl: string;
  /** Origins a logo may come from besides this site (IMAGE_HOSTS; decision 0149). */
  imageHosts: string[];
}): ModuleParts<TournamentApi> {
  deps.gateway.realms((path) => {
    const name = slugNameOfPath(path);
    return name ? [tournamentRealm(name)] : [];
  });
  const store = new TournamentStore(deps.db);
  const calls = new Calls({ ...deps, store });
  // Two subscribers, so that a message that cannot be sent never keeps the
  // games of a round from starting (the hub isolates each subscriber).
  deps.events.afterCommit('tournament.changed', 'tournament.broadcast', (c) => {
    broadcastChange(deps.gateway, c.state, c.entries, deps.log);
  });
  // A director removed may no longer see what they saw:
  // their open sockets look again, on every process (issue 36, item 9).
  deps.events.afterCommit('tournament.changed', 'tournament.sight', (c) => {
    for (const { body } of c.entries) {
      const gone =
        body.kind === 'directors.removed'
          ? body.ids
          : body.kind === 'action.undone' || body.kind === 'round.restored'
            ? (body.directorsRemoved ?? [])
            : [];
      for (const person of gone) deps.gateway.recheckUser(userIdOf(person));
    }
  });
  deps.events.afterCommit('tournament.changed', 'tournament.auto-start', async (c) => {
    for (const { body } of c.entries) {
      if (body.kind !== 'round.started') continue;
      const d = division(c.state, body.division);
      if (!d) continue;
      try {
        await autoStart(calls, deps, c.id, d.id, body.round);
      } catch (err) {
        deps.log.error({ err, tournament: c.id, round: body.round }, 'auto-start failed');
      }
    }
  });
  // Directors, admins and Tournament Managers watch its games free of
  // observer restrictions; others are told about private analysis (§6).
  deps.games.useTournamentSight(async (tournamentId, user) => {
    const s = await store.state(tournamentId);
    if (!s) return 'observer';
    if (user && (await calls.role(s, user)) !== 'none') return 'director';
    return s.meta.privateAnalysis ? 'private' : 'observer';
  });
  registerPlay(calls, deps);
  announceClubGames(calls, deps);
  deps.scheduler.handle<{
    id: string;
    division: string;
    divisionId?: string;
    round: number;
    all: boolean;
  }>(OPEN_ROUND_JOB, async (job) => {
    const p = job.payload;
    try {
      // The division by its id: renamed since it was scheduled, it still opens.
      const before = await store.state(p.id);
      const nameIn = (st: TState) =>
        (p.divisionId && divisionById(st, p.divisionId)?.name) || p.division;
      const premade = before
        ? await premadePairings(roundDeps.pair, before, nameIn(before), p.round, p.all)
        : undefined;
      await calls.change(p.id, 'system', (st) =>
        openRounds(st, nameIn(st), p.round, p.all, premade),
      );
    } catch (err) {
      // A round that cannot open at its time stays closed; the director is told by the log.
      if (!(err instanceof Refusal)) throw err;
      deps.log.warn({ err: err.message, tournament: p.id }, 'scheduled round did not open');
    }
  });
  const pairing = new PairingPool();
  const roundDeps: RoundDeps = {
    pair: (key, input) => pairing.pair(key, input),
    checkGameRequest(req) {
      const v = validateGameRequest(req, deps.lexiconName);
      return typeof v === 'string' ? v : undefined;
    },
    async recentGames(id, limit, offset) {
      const rows = await deps.games.tournamentGames(id, limit, offset);
      const cards = await deps.games.cardsFor(rows);
      return rows.map((r, i) => gameInfo(r, cards[i], Date.now()));
    },
    async scorecards(s, o) {
      try {
        return await makeScorecardsZip(scorecardRequest(s, deps.publicUrl, o));
      } catch (err) {
        if (err instanceof ScorecardInputError)
          throw refuse('INVALID_REQUEST', err.message).as('failed_precondition');
        throw err;
      }
    },
    async scheduleOpening(id, name, round, at, all) {
      const s = await store.state(id);
      const divisionId = (s && division(s, name)?.id) || undefined;
      await deps.scheduler.schedule({
        kind: OPEN_ROUND_JOB,
        key: `${id}:${all ? '*' : (divisionId ?? name)}:${round}`,
        runAt: at,
        payload: { id, division: name, ...(divisionId ? { divisionId } : {}), round, all },
      });
    },
  };
  const module: ServerModule = {
    name: 'tournament',
    stop: () => pairing.close(),
    routes: (router: ConnectRouter) =>
      router.service(TournamentService, {
        ...setupCalls(calls),
        ...undoCalls(calls),
        ...peopleCalls(calls),
        ...roundCalls(calls, roundDeps),
        ...reportCalls(calls, roundDeps),
        ...listCalls(calls),
        ...printoutCalls(calls, deps.publicUrl),
      }),
  };
  return {
    module,
    api: {
      state: async (idOrSlug) => calls.load(idOrSlug).catch(() => undefined),
      role: (s, user) => calls.role(s, user),
    },
  };
}
