import {
  boardLayout,
  letterSet,
  type BoardLayout,
  type EndReason,
  type GameEvent,
  type GameState,
  type LetterSet,
  type PlayState,
} from '@tessera/engine';
import {
  eventFromWire,
  GameMetaEvent_Type,
  type GameEndedEvent,
  type GameHistory,
  type GameMetaEvent,
  type ServerGameplayEvent,
} from '@tessera/protocol';
import {
  clockOf,
  endReasonOf,
  playersOf,
  playStateOf,
  requestOf,
  setupOfHistory,
  type ClockView,
  type PlayerView,
  type RequestView,
} from './history-view.ts';
import {
  applyViewEvent,
  replayView,
  setKnownRack,
  unseenCounts,
  type ModelSetup,
} from './model.ts';
import { lastPlaySquares } from './turns.ts';
import { Listeners } from '../../stores/listeners.ts';

export interface RatingChangeView {
  userId: string;
  before: number;
  after: number;
}

/** A cancel or nudge request waiting for an answer (docs/product/gameplay.md §4 "Game meta events"). */
export interface MetaRequestView {
  kind: 'abort' | 'adjudication';
  fromViewer: boolean;
  origEventId: string;
  /** Local time when the request lapses. */
  expiresAt: number;
}

export interface GameView {
  status: 'loading' | 'ready' | 'not-found';
  gameId: string;
  players: PlayerView[];
  request: RequestView | null;
  /** The viewer's player index; -1 for an observer. */
  viewerIndex: number;
  set: LetterSet;
  layout: BoardLayout;
  setup: ModelSetup | null;
  squares: Uint8Array;
  /** Squares of the last play still on the board (highlighted). */
  lastPlay: readonly number[];
  /** The events as the viewer received them. */
  events: readonly GameEvent[];
  /** The viewer's rack (machine letters, 0 a blank); empty for observers. */
  rack: Uint8Array;
  /**
   * Both players' racks, by player index, for a watcher the server shows
   * every rack while the game is on: a tournament's director, admin or
   * Tournament Manager (docs/product/tournaments.md §6). Empty for everyone else.
   */
  openRacks: readonly Uint8Array[];
  scores: [number, number];
  playerOnTurn: number;
  playState: PlayState;
  endReason: EndReason;
  winner: number;
  bagCount: number;
  /** Tiles the viewer cannot see, counts per machine letter. */
  unseen: Uint8Array;
  clocks: ClockView;
  /** Events the server has, for the staleness check of actions. */
  eventCount: number;
  tilesHidden: boolean;
  /** A tournament with private analysis: this watcher may analyze once the game is over. */
  analysisAfterEnd: boolean;
  ratingChanges: readonly RatingChangeView[];
  rated: boolean;
  meta: MetaRequestView | null;
  /** True when the model could not follow the server (a refresher is on its way). */
  desync: boolean;
  /** A rematch of this game that has started (observers are offered a link). */
  rematchGameId: string;
  /** When the game ended (ms since the epoch, server time); null while it is on. */
  endedAt: number | null;
}

const ENGLISH = letterSet('english');

function emptyView(gameId: string): GameView {
  return {
    status: 'loading',
    gameId,
    players: [],
    request: null,
    viewerIndex: -1,
    set: ENGLISH,
    layout: boardLayout('CrosswordGame'),
    setup: null,
    squares: new Uint8Array(225),
    lastPlay: [],
    events: [],
    rack: new Uint8Array(0),
    openRacks: [],
    scores: [0, 0],
    playerOnTurn: 0,
    playState: 'UNSTARTED',
    endReason: 'NONE',
    winner: -1,
    bagCount: 0,
    unseen: new Uint8Array(ENGLISH.size),
    clocks: clockOf(undefined, 0),
    eventCount: 0,
    tilesHidden: false,
    analysisAfterEnd: false,
    ratingChanges: [],
    rated: false,
    meta: null,
    desync: false,
    rematchGameId: '',
    endedAt: null,
  };
}

/**
 * The one store of a game room's live state (docs/decisions/0067-game-room-one-store-engine-reducer.md): fed by
 * the socket's refresher and gameplay events, with every event applied to
 * the engine model by the engine's reducer. Read through
 * useSyncExternalStore; every change publishes a new snapshot.
 */
export class GameStore {
  private view: GameView;
  private g: GameState | null = null;
  /** The server shows this watcher every rack (see GameView.openRacks). */
  private racksOpen = false;
  private readonly listeners = new Listeners();

  constructor(
    readonly gameId: string,
    private readonly now: () => number = Date.now,
  ) {
    this.view = emptyView(gameId);
  }

  getSnapshot = (): GameView => this.view;

  subscribe = this.listeners.subscribe;

  /**
   * The whole state, from a refresher or a finished game's history. Returns
   * why the events could not be replayed, or null when they could.
   */
  load(
    h: GameHistory,
    ended?: { ratingChanges: RatingChangeView[]; rated?: boolean },
  ): string | null {
    const setup = setupOfHistory(h);
    const events = h.events.map(eventFromWire);
    const viewer = h.viewerIndex;
    const hidden = h.tilesHidden;
    const replayed = replayView(setup, hidden ? [] : events);
    const g = replayed.g;
    let desync = replayed.failedAt >= 0;
    const problem = desync ? `Event ${replayed.failedAt + 1}: ${replayed.message}` : null;
    if (problem) console.warn(`game ${h.gameId}: ${problem}`);
    h.racks.forEach((rack, p) => {
      if (rack !== '' || p === viewer) desync = !setKnownRack(g, p, rack) || desync;
    });
    // Only a director watching is sent racks while the game is on; one who saw
    // the game end keeps the final racks in view.
    const over = playStateOf(h.playState) === 'GAME_OVER';
    const shown = viewer < 0 && h.racks.some((r) => r !== '');
    this.racksOpen = shown && (!over || this.racksOpen);
    this.g = g;
    this.publish({
      status: 'ready',
      players: playersOf(h),
      request: requestOf(h),
      viewerIndex: viewer,
      set: g.set,
      layout: g.board.layout,
      setup,
      events,
      scores: [h.scores[0] ?? 0, h.scores[1] ?? 0],
      playerOnTurn: h.playerOnTurn,
      playState: playStateOf(h.playState),
      endReason: endReasonOf(h.endReason),
      winner: h.winner,
      bagCount: h.bagCount,
      clocks: clockOf(h.clocks, this.now()),
      eventCount: h.events.length,
      tilesHidden: hidden,
      analysisAfterEnd: h.analysisAfterEnd,
      ratingChanges: ended?.ratingChanges ?? this.view.ratingChanges,
      rated: ended?.rated ?? requestOf(h).rated,
      desync,
      endedAt: h.endedAt ? Date.parse(h.endedAt) : null,
    });
    return problem;
  }

  /**
   * New events from the server. 'stale' means they do not follow the
   * events this store has (a message was missed); 'failed' that the model
   * could not apply them. Either way the page asks for a refresher.
   */
  update(m: ServerGameplayEvent): 'applied' | 'stale' | 'failed' {
    const g = this.g;
    const v = this.view;
    if (!g || v.status !== 'ready') return 'stale';
    if (m.eventCount !== v.eventCount + m.events.length) return 'stale';
    const events = m.events.map(eventFromWire);
    let desync = v.desync;
    let failed = false;
    if (!v.tilesHidden) {
      for (const e of events) {
        const r = applyViewEvent(g, e);
        if (!r.ok) {
          console.warn(`game ${v.gameId}: ${e.type}: ${r.message}`);
          desync = true;
          failed = true;
          break;
        }
      }
    }
    if (v.viewerIndex >= 0 && !desync) desync = !setKnownRack(g, v.viewerIndex, m.newRack);
    // A director watching gets every rack after the move, the new draws included.
    if (v.viewerIndex < 0 && m.racks.length === 2 && !v.tilesHidden) {
      this.racksOpen = true;
      m.racks.forEach((rack, p) => {
        if (!desync) desync = !setKnownRack(g, p, rack);
      });
    }
    this.publish({
      events: [...v.events, ...events],
      scores: [m.scores[0] ?? v.scores[0], m.scores[1] ?? v.scores[1]],
      playerOnTurn: m.playerOnTurn,
      playState: playStateOf(m.playState),
      bagCount: m.bagCount,
      clocks: m.clocks ? clockOf(m.clocks, this.now()) : v.clocks,
      eventCount: m.eventCount,
      desync,
    });
    return failed ? 'failed' : desync ? 'stale' : 'applied';
  }

  /** The game is over: the final history (every rack shown) and the rating changes. */
  end(m: GameEndedEvent): void {
    const ratingChanges = m.ratingChanges.map((c) => ({
      userId: c.userId,
      before: c.before,
      after: c.after,
    }));
    if (m.history) this.load(m.history, { ratingChanges, rated: m.rated });
    else this.publish({ playState: 'GAME_OVER', ratingChanges, rated: m.rated });
    this.publish({ meta: null });
  }

  /** An incoming meta event: a new request, or the answer that settles one. */
  meta(m: GameMetaEvent | undefined): void {
    if (!m || m.type === GameMetaEvent_Type.UNSPECIFIED) return;
    const kind =
      m.type === GameMetaEvent_Type.REQUEST_ABORT
        ? 'abort'
        : m.type === GameMetaEvent_Type.REQUEST_ADJUDICATION
          ? 'adjudication'
          : null;
    if (!kind) {
      this.publish({ meta: null });
      return;
    }
    const me = this.view.players[this.view.viewerIndex]?.userId ?? '';
    this.publish({
      meta: {
        kind,
        fromViewer: me !== '' && m.playerId === me,
        origEventId: m.origEventId,
        expiresAt: this.now() + Math.max(0, m.expiry),
      },
    });
  }

  clearMeta(): void {
    if (this.view.meta) this.publish({ meta: null });
  }

  rematchStarted(gameId: string): void {
    this.publish({ rematchGameId: gameId });
  }

  notFound(): void {
    if (this.view.status === 'loading') this.publish({ status: 'not-found' });
  }

  /** The engine model (read-only use: analysis, exports). */
  model(): GameState | null {
    return this.g;
  }

  private publish(patch: Partial<GameView>): void {
    const next = { ...this.view, ...patch };
    const g = this.g;
    if (g) {
      next.squares = g.board.squares.slice();
      next.rack = next.viewerIndex >= 0 ? g.racks[next.viewerIndex].tiles() : new Uint8Array(0);
      next.openRacks = this.racksOpen ? [0, 1].map((p) => g.racks[p].tiles()) : [];
      // At the end every rack is shown: the pool is then the same for everyone.
      next.unseen = unseenCounts(g, next.playState === 'GAME_OVER' ? -1 : next.viewerIndex);
      next.lastPlay = lastPlaySquares(next.events, g);
    }
    this.view = next;
    this.listeners.notify();
  }
}
