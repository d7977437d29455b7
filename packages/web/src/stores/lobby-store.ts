import {
  ActiveGamesSchema,
  CorrespondenceGamesSchema,
  GameMode,
  MessageType,
  ProfileUpdateSchema,
  RatingMode,
  SeekDeclinedSchema,
  SeekRequestSchema,
  SeekRequestsSchema,
  SessionInfoSchema,
  SoughtGameRemovedSchema,
  type ChallengeRule,
  type GameInfo,
  type SeekRequest,
} from '@tessera/protocol';
import type { SocketClient } from '../realtime/socket-client.ts';
import { Listeners } from './listeners.ts';

/**
 * The lobby's state (docs/product/gameplay.md §3 "Lobby state"), fed by socket
 * events through one reducer. The store lives as long as the app, so a
 * match request or a decline reaches the user on any page.
 */

/** A seek or match request as the lists show it (docs/product/gameplay.md §3 "Sought game"). */
export interface SoughtGame {
  id: string;
  seeker: string;
  seekerId: string;
  /** The seeker's rating in the seek's rating key, as the server sends it. */
  userRating: string;
  ratingKey: string;
  lexicon: string;
  variant: string;
  challengeRule: ChallengeRule;
  initialTimeSecs: number;
  incrementSecs: number;
  maxOvertimeMinutes: number;
  rated: boolean;
  receiver: string;
  receiverId: string;
  receiverIsPermanent: boolean;
  rematchFor: string;
  playerVsBot: boolean;
  botType: string;
  minRatingRange: number;
  maxRatingRange: number;
  correspondence: boolean;
  requireEstablishedRating: boolean;
  onlyFollowedPlayers: boolean;
}

export interface ProfileRating {
  rating: number;
  deviation: number;
}

export interface LobbyState {
  /** Open seeks and match requests, in arrival order. */
  seeks: readonly SoughtGame[];
  activeGames: readonly GameInfo[];
  correspondenceGames: readonly GameInfo[];
  /**
   * This user's ratings by rating key, from the last PROFILE_UPDATE (kept in
   * this browser: the server sends them only when a rated game ends); null
   * while nothing is known.
   */
  ratings: Readonly<Record<string, ProfileRating>> | null;
  /** True once this connection has received the seek list. */
  loaded: boolean;
}

export type LobbyAction =
  /** `continued`: a later part of a list too long for one message, added to the earlier parts. */
  | { type: 'seeks'; seeks: SoughtGame[]; continued?: boolean }
  | { type: 'seek'; seek: SoughtGame }
  | { type: 'removed'; id: string }
  | { type: 'activeGames'; games: GameInfo[]; continued?: boolean }
  | { type: 'correspondenceGames'; games: GameInfo[]; continued?: boolean }
  | { type: 'ratings'; ratings: Record<string, ProfileRating> }
  /** A new connection: its lists will come again. Ratings stay if the user is the same. */
  | { type: 'reset'; sameUser: boolean };

export const INITIAL_LOBBY: LobbyState = {
  seeks: [],
  activeGames: [],
  correspondenceGames: [],
  ratings: null,
  loaded: false,
};

export function lobbyReducer(state: LobbyState, action: LobbyAction): LobbyState {
  switch (action.type) {
    case 'seeks':
      return {
        ...state,
        seeks: action.continued ? [...state.seeks, ...action.seeks] : action.seeks,
        loaded: true,
      };
    case 'seek': {
      const rest = state.seeks.filter((s) => s.id !== action.seek.id);
      return { ...state, seeks: [...rest, action.seek] };
    }
    case 'removed':
      return { ...state, seeks: state.seeks.filter((s) => s.id !== action.id) };
    case 'activeGames':
      return {
        ...state,
        activeGames: action.continued ? [...state.activeGames, ...action.games] : action.games,
      };
    case 'correspondenceGames':
      return {
        ...state,
        correspondenceGames: action.continued
          ? [...state.correspondenceGames, ...action.games]
          : action.games,
      };
    case 'ratings':
      return { ...state, ratings: action.ratings };
    case 'reset':
      return { ...INITIAL_LOBBY, ratings: action.sameUser ? state.ratings : null };
  }
}

export function soughtGame(s: SeekRequest): SoughtGame {
  const r = s.gameRequest;
  return {
    id: r?.requestId ?? '',
    seeker: s.user?.displayName ?? '',
    seekerId: s.user?.userId ?? '',
    userRating: s.user?.relevantRating ?? '',
    ratingKey: s.ratingKey,
    lexicon: r?.lexicon ?? '',
    variant: r?.rules?.variantName || 'classic',
    challengeRule: r?.challengeRule ?? 0,
    initialTimeSecs: r?.initialTimeSeconds ?? 0,
    incrementSecs: r?.incrementSeconds ?? 0,
    maxOvertimeMinutes: r?.maxOvertimeMinutes ?? 0,
    rated: r?.ratingMode === RatingMode.RATED,
    receiver: s.receivingUser?.displayName ?? '',
    receiverId: s.receivingUser?.userId ?? '',
    receiverIsPermanent: s.receiverIsPermanent,
    rematchFor: s.rematchFor,
    playerVsBot: r?.playerVsBot ?? false,
    botType: r?.botType ?? '',
    minRatingRange: s.minimumRatingRange,
    maxRatingRange: s.maximumRatingRange,
    correspondence: r?.gameMode === GameMode.CORRESPONDENCE,
    requireEstablishedRating: s.requireEstablishedRating,
    onlyFollowedPlayers: s.onlyFollowedPlayers,
  };
}

/** Something that wants to hear of the players the lobby sees (the social store's directory). */
export type PlayerSighting = (uuid: string, username: string) => void;

export class LobbyStore {
  private state: LobbyState = INITIAL_LOBBY;
  private readonly listeners = new Listeners();
  private userId = '';

  constructor(socket: SocketClient, sighted: PlayerSighting = () => {}) {
    const seen = (games: GameInfo[]) => {
      for (const g of games) for (const p of g.players) if (!p.isBot) sighted(p.userId, p.nickname);
    };
    socket.on(MessageType.SESSION_INFO, SessionInfoSchema, (info) => {
      const sameUser = info.userId === this.userId;
      this.userId = info.userId;
      this.dispatch({ type: 'reset', sameUser });
      if (!sameUser && info.userId) {
        const saved = loadRatings(info.userId);
        if (saved) this.dispatch({ type: 'ratings', ratings: saved });
      }
    });
    socket.on(MessageType.SEEK_REQUESTS, SeekRequestsSchema, (m) => {
      const seeks = m.requests.map(soughtGame);
      for (const s of seeks) {
        sighted(s.seekerId, s.seeker);
        sighted(s.receiverId, s.receiver);
      }
      this.dispatch({ type: 'seeks', seeks, continued: m.continued });
    });
    socket.on(MessageType.SEEK_REQUEST, SeekRequestSchema, (m) => {
      const seek = soughtGame(m);
      sighted(seek.seekerId, seek.seeker);
      sighted(seek.receiverId, seek.receiver);
      this.dispatch({ type: 'seek', seek });
    });
    socket.on(MessageType.SOUGHT_GAME_REMOVED, SoughtGameRemovedSchema, (m) =>
      this.dispatch({ type: 'removed', id: m.requestId }),
    );
    socket.on(MessageType.SEEK_DECLINED, SeekDeclinedSchema, (m) =>
      this.dispatch({ type: 'removed', id: m.requestId }),
    );
    socket.on(MessageType.ACTIVE_GAMES, ActiveGamesSchema, (m) => {
      seen(m.games);
      this.dispatch({ type: 'activeGames', games: m.games, continued: m.continued });
    });
    socket.on(MessageType.CORRESPONDENCE_GAMES, CorrespondenceGamesSchema, (m) => {
      seen(m.games);
      this.dispatch({ type: 'correspondenceGames', games: m.games, continued: m.continued });
    });
    socket.on(MessageType.PROFILE_UPDATE, ProfileUpdateSchema, (m) => {
      if (m.userId !== this.userId) return;
      const ratings: Record<string, ProfileRating> = {};
      for (const [key, r] of Object.entries(m.ratings)) {
        ratings[key] = { rating: r.rating, deviation: r.deviation };
      }
      saveRatings(m.userId, ratings);
      this.dispatch({ type: 'ratings', ratings });
    });
  }

  getSnapshot = (): LobbyState => this.state;

  subscribe = this.listeners.subscribe;

  dispatch(action: LobbyAction): void {
    const next = lobbyReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    this.listeners.notify();
  }
}

const ratingsKey = (userId: string) => `tessera.ratings.${userId}`;

function loadRatings(userId: string): Record<string, ProfileRating> | null {
  try {
    const raw = JSON.parse(localStorage.getItem(ratingsKey(userId)) ?? 'null');
    return raw && typeof raw === 'object' ? raw : null;
  } catch {
    return null;
  }
}

function saveRatings(userId: string, ratings: Record<string, ProfileRating>): void {
  try {
    localStorage.setItem(ratingsKey(userId), JSON.stringify(ratings));
  } catch {
    // Only a warning in the accept dialog depends on it.
  }
}
