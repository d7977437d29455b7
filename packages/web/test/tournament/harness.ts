import type { MessageInitShape } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import {
  errorMessage,
  SocializeService,
  TournamentGameResult,
  TournamentService,
  TournamentType,
  WordService,
  type FullTournamentDivisionsSchema,
  type TournamentLogEntrySchema,
} from '@tessera/protocol';
import { fakeAccountServer } from '../fakes.ts';

/**
 * A tournament server for the page's component tests: one event
 * (/tournament/spring) with one division of four players, round 1 paired
 * and open; every call is recorded, and a call can be told to fail.
 */
export const ANN = 'u1:ann';
export const BOB = 'bbbbbbbb-0002:bob';
export const CAT = 'cccccccc-0003:cat';
export const DAN = 'dddddddd-0004:dan';
export const TID = 'T-spring';

const NO = TournamentGameResult.NO_RESULT;

export function springDivision(currentRound = 0) {
  return {
    divisionId: 'Open',
    players: [ANN, BOB, CAT, DAN].map((id, i) => ({
      id,
      rating: 1800 - i * 100,
      checkedIn: i !== 3,
    })),
    currentRound,
    numRounds: 3,
    pairingMap: {
      0: {
        roundPairings: [
          {
            players: [0, 1],
            round: 0,
            games: [{ scores: [0, 0], results: [NO, NO] }],
            outcomes: [NO, NO],
            readyStates: ['', ''],
          },
        ],
      },
    },
    standingsMap: {},
  };
}

export function tournamentServer(
  options: {
    loggedInAs?: string;
    perms?: string[];
    directors?: string[];
    meta?: { irlMode?: boolean; registrationOpen?: boolean; checkinsOpen?: boolean };
    /** A club instead: /club/<club>, free-form. */
    club?: string;
    /** How many recent games the event has had (RecentGames pages through them). */
    recentGames?: number;
    full?: MessageInitShape<typeof FullTournamentDivisionsSchema>;
    /** Calls that fail with this "<code>;<params>" message. */
    failures?: Record<string, string>;
    /** The event log GetTournamentLog answers (oldest first). */
    log?: MessageInitShape<typeof TournamentLogEntrySchema>[];
    /** What GetTournamentAsOfRound answers for a (0-based) round. */
    asOfRound?: (round: number) => MessageInitShape<typeof FullTournamentDivisionsSchema>;
  } = {},
) {
  const calls: { method: string; arg: unknown }[] = [];
  const record = (method: string, arg: unknown) => {
    calls.push({ method, arg });
    const failure = options.failures?.[method];
    if (failure) throw new ConnectError(failure, Code.FailedPrecondition);
    return {};
  };
  const server = fakeAccountServer({
    loggedInAs: options.loggedInAs,
    perms: options.perms,
    extra(router) {
      router.service(WordService, {
        getLexicons: () => ({ defaultLexicon: 'SCOWL-EN', lexicons: [], building: false }),
      });
      router.service(SocializeService, {
        getFollows: () => ({ users: [] }),
        getBlocks: () => ({ users: [] }),
        getFullBlocks: () => ({ userIds: [] }),
        getActiveChatChannels: () => ({ channels: [] }),
        getChatsForChannel: () => ({ messages: [] }),
      });
      router.service(TournamentService, {
        getTournamentMetadata(req) {
          calls.push({ method: 'getTournamentMetadata', arg: req });
          const slug = options.club ? `/club/${options.club}` : '/tournament/spring';
          if (req.slug !== slug && req.id !== TID)
            throw new ConnectError(errorMessage('TOURNAMENT_NOT_FOUND'), Code.NotFound);
          return {
            metadata: {
              id: TID,
              name: options.club ? 'Madison Club' : 'Spring Open',
              slug,
              type: options.club ? TournamentType.CLUB : TournamentType.STANDARD,
              description: 'Three rounds in the park.',
              firstDirector: (options.directors ?? ['d1:dora'])[0],
              ...options.meta,
            },
            directors: options.directors ?? ['d1:dora', 'd2:rita:readonly'],
          };
        },
        getTournament: () =>
          options.full ?? { divisions: { Open: springDivision() }, started: true },
        startRoundCountdown: (req) => record('startRoundCountdown', req),
        setPairing: (req) => record('setPairing', req),
        addPlayers: (req) => record('addPlayers', req),
        setResult: (req) => record('setResult', req),
        register: (req) => record('register', req),
        checkIn: (req) => record('checkIn', req),
        renameDivision: (req) => record('renameDivision', req),
        setTournamentMetadata: (req) => record('setTournamentMetadata', req),
        newTournament(req) {
          record('newTournament', req);
          return { id: 'T-new', slug: req.slug };
        },
        movePlayer: (req) => record('movePlayer', req),
        addDirectors: (req) => record('addDirectors', req),
        removeDirectors: (req) => record('removeDirectors', req),
        pairRound: (req) => record('pairRound', req),
        openCheckins: (req) => record('openCheckins', req),
        closeCheckins: (req) => record('closeCheckins', req),
        openRegistration: (req) => record('openRegistration', req),
        closeRegistration: (req) => record('closeRegistration', req),
        uncheckAllIn: (req) => record('uncheckAllIn', req),
        removeAllPlayersNotCheckedIn: (req) => record('removeAllPlayersNotCheckedIn', req),
        removeDivision: (req) => record('removeDivision', req),
        removePlayers: (req) => record('removePlayers', req),
        setRoundControls: (req) => record('setRoundControls', req),
        setSingleRoundControls: (req) => record('setSingleRoundControls', req),
        exportTournament(req) {
          record('exportTournament', req);
          return { exported: '#tsh file' };
        },
        recentGames(req) {
          calls.push({ method: 'recentGames', arg: req });
          const total = options.recentGames ?? 0;
          const count = Math.max(0, Math.min(req.numGames, total - req.offset));
          return {
            games: Array.from({ length: count }, (_, i) => ({
              gameId: `g${req.offset + i}`,
              players: [
                { userId: 'a', nickname: `p${req.offset + i}` },
                { userId: 'b', nickname: 'q' },
              ],
              scores: [400, 300],
              winner: 0,
            })),
          };
        },
        getTournamentLog(req) {
          record('getTournamentLog', req);
          const after = (options.log ?? []).filter((e) => BigInt(e.seq ?? 0) > req.afterSeq);
          return { entries: after.slice(0, req.limit || 1000) };
        },
        getTournamentAsOfRound(req) {
          record('getTournamentAsOfRound', req);
          return options.asOfRound?.(req.round) ?? { divisions: {} };
        },
        finishTournament: (req) => record('finishTournament', req),
        unfinishTournament: (req) => record('unfinishTournament', req),
        getRecentClubSessions: () => ({
          sessions: [{ tournamentId: 'S1', slug: '/club/madison-2026-11-20' }],
        }),
      });
    },
  });
  return { ...server, calls };
}
