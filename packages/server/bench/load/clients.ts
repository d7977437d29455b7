import { fromBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { type LetterSet, parseTiles, PLAYED_THROUGH } from '@tessera/engine';
import { Movegen } from '@tessera/engine/ai';
import {
  ChallengeRule,
  ClientGameplayEvent_Type,
  ClientGameplayEventSchema,
  decodeFrames,
  encodeSocketMessage,
  ErrorMessageSchema,
  type GameEvent,
  GameEvent_Direction,
  GameEvent_Type,
  GameHistoryRefresherSchema,
  type GameHistory,
  GameMode,
  JoinPathSchema,
  LagMeasurementSchema,
  MessageType,
  NewGameEventSchema,
  PlayState,
  RatingMode,
  ReadyForGameSchema,
  SeekRequestSchema,
  ServerGameplayEventSchema,
  SoughtGameProcessEventSchema,
} from '@tessera/protocol';
import WebSocket from 'ws';

/**
 * The load generator's clients. Idle sockets only hold a connection (and
 * send the browser's lag probe); they count what they receive without
 * decoding it. Players are paired; each pair plays one real game at a time
 * over its two sockets, in the real protocol, and starts a rematch when it
 * ends. A move is the engine's best-scoring move for the rack the server
 * sent, on a board the client keeps from the events it receives; its round
 * trip runs from sending the move to receiving the server's broadcast of it.
 */

const wsUrl = (url: string) => url.replace(/^http/, 'ws');

function send<D extends DescMessage>(
  ws: WebSocket,
  type: MessageType,
  schema: D,
  value: MessageInitShape<D>,
) {
  if (ws.readyState === WebSocket.OPEN) ws.send(encodeSocketMessage(type, schema, value));
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.binaryType = 'nodebuffer';
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Runs `task` for 0..n-1 with at most `width` in flight. */
export async function inParallel(
  n: number,
  width: number,
  task: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

export class IdleSocket {
  received = 0;
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', () => this.received++);
    ws.on('close', () => (this.closed = true));
    ws.on('error', () => undefined);
  }

  /** An anonymous visitor on a page (the lobby by default), as a browser opens it. */
  static async open(baseUrl: string, path: string): Promise<IdleSocket> {
    return new IdleSocket(await open(`${wsUrl(baseUrl)}/ws?path=${encodeURIComponent(path)}`));
  }

  probe(): void {
    send(this.ws, MessageType.LAG_MEASUREMENT, LagMeasurementSchema, {
      timestampMs: BigInt(Date.now()),
    });
  }

  close(): void {
    this.ws.close();
  }
}

export interface Stats {
  /** Round trips (ms) of moves sent while measuring. */
  rtts: number[];
  measuring: boolean;
  movesSent: number;
  gamesStarted: number;
  gamesFinished: number;
  errors: Map<string, number>;
}

export interface PlayOptions {
  lexicon: string;
  set: LetterSet;
  movegen: Movegen;
  /** Mean think time before a move; each is drawn from 0.5x..1.5x. */
  thinkMs: number;
  stats: Stats;
}

export class Player {
  closed = false;
  pair!: Pair;
  /** Index in the current game (from the server's refresher). */
  seat = -1;

  private constructor(
    readonly ws: WebSocket,
    readonly username: string,
  ) {
    ws.on('message', (data: Buffer) => this.receive(data));
    ws.on('close', () => (this.closed = true));
    ws.on('error', () => undefined);
  }

  /** A signed-in socket: a token from GetSocketToken with the user's session cookie. */
  static async open(baseUrl: string, username: string, cookie: string): Promise<Player> {
    const res = await fetch(`${baseUrl}/api/tessera.v1.AuthenticationService/GetSocketToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    });
    if (!res.ok) throw new Error(`GetSocketToken: ${res.status} ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    const ws = await open(`${wsUrl(baseUrl)}/ws?token=${token}&path=%2F`);
    return new Player(ws, username);
  }

  send<D extends DescMessage>(type: MessageType, schema: D, value: MessageInitShape<D>) {
    send(this.ws, type, schema, value);
  }

  probe(): void {
    this.send(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, {
      timestampMs: BigInt(Date.now()),
    });
  }

  close(): void {
    this.ws.close();
  }

  private receive(data: Buffer): void {
    const frames = decodeFrames(new Uint8Array(data.buffer, data.byteOffset, data.length));
    if (!Array.isArray(frames)) return;
    for (const f of frames) {
      switch (f.type) {
        case MessageType.SEEK_REQUEST:
          this.pair.seekArrived(this, fromBinary(SeekRequestSchema, f.payload));
          break;
        case MessageType.NEW_GAME_EVENT:
          this.pair.gameCreated(this, fromBinary(NewGameEventSchema, f.payload).gameId);
          break;
        case MessageType.GAME_HISTORY_REFRESHER: {
          const h = fromBinary(GameHistoryRefresherSchema, f.payload).history;
          if (h) this.pair.refreshed(this, h);
          break;
        }
        case MessageType.SERVER_GAMEPLAY_EVENT:
          this.pair.update(this, fromBinary(ServerGameplayEventSchema, f.payload));
          break;
        case MessageType.ERROR_MESSAGE:
          this.pair.error(this, fromBinary(ErrorMessageSchema, f.payload).message);
          break;
        default:
        // Presence, chat lines, lobby lists: not needed to play.
      }
    }
  }
}

interface LiveGame {
  id: string;
  squares: Uint8Array;
  eventCount: number;
  onTurn: number;
  bagCount: number;
  playState: PlayState;
  /** Players by seat. */
  seats: Player[];
  /** Rack counts by seat, and the event count each was current at. */
  racks: Uint8Array[];
  rackAt: number[];
  /** Squares the last placement filled (a phony taken off empties them). */
  lastFresh: number[];
  pending?: { seat: number; count: number; sentAt: number };
  timer?: NodeJS.Timeout;
  over: boolean;
}

const SEEK_TIMEOUT_MS = 30_000;

export class Pair {
  game?: LiveGame;
  /** Resolves when the pair's first game is under way. */
  readonly started: Promise<void>;
  private markStarted!: () => void;
  private stopping = false;
  private lastGameId = '';
  private seekTimer?: NodeJS.Timeout;

  constructor(
    readonly a: Player,
    readonly b: Player,
    private readonly o: PlayOptions,
  ) {
    a.pair = this;
    b.pair = this;
    this.started = new Promise((r) => (this.markStarted = r));
  }

  /** A match request from A to B (a rematch after the first game); B accepts it. */
  requestGame(): void {
    if (this.stopping) return;
    this.game = undefined;
    this.a.send(MessageType.MATCH_REQUEST, SeekRequestSchema, {
      gameRequest: {
        lexicon: this.o.lexicon,
        rules: { variantName: 'classic', boardLayoutName: 'CrosswordGame' },
        initialTimeSeconds: 1200,
        maxOvertimeMinutes: 1,
        challengeRule: ChallengeRule.DOUBLE,
        gameMode: GameMode.REAL_TIME,
        ratingMode: RatingMode.RATED,
      },
      receivingUser: { displayName: this.b.username },
      rematchFor: this.lastGameId,
    });
    clearTimeout(this.seekTimer);
    this.seekTimer = setTimeout(() => {
      this.count('seek timed out');
      this.requestGame();
    }, SEEK_TIMEOUT_MS);
  }

  stop(): void {
    this.stopping = true;
    clearTimeout(this.seekTimer);
    if (this.game) clearTimeout(this.game.timer);
  }

  seekArrived(
    by: Player,
    s: { gameRequest?: { requestId: string }; user?: { displayName: string } },
  ) {
    if (by !== this.b || s.user?.displayName !== this.a.username || !s.gameRequest) return;
    this.b.send(MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema, {
      requestId: s.gameRequest.requestId,
    });
  }

  gameCreated(by: Player, gameId: string): void {
    clearTimeout(this.seekTimer);
    by.send(MessageType.JOIN_PATH, JoinPathSchema, { path: `/game/${gameId}` });
  }

  /** The whole state: a new game, or a resync after something unexpected. */
  refreshed(by: Player, h: GameHistory): void {
    if (h.playState === PlayState.GAME_OVER) return;
    by.seat = h.viewerIndex;
    let g = this.game;
    if (!g || g.id !== h.gameId) {
      if (g && g.id !== h.gameId) clearTimeout(g.timer);
      g = {
        id: h.gameId,
        squares: new Uint8Array(this.o.movegen.layout.dim ** 2),
        eventCount: -1,
        onTurn: 0,
        bagCount: 0,
        playState: PlayState.PLAYING,
        seats: [],
        racks: [new Uint8Array(this.o.set.size), new Uint8Array(this.o.set.size)],
        rackAt: [-1, -1],
        lastFresh: [],
        over: false,
      };
      this.game = g;
      this.o.stats.gamesStarted++;
      this.lastGameId = h.gameId;
    }
    g.seats[h.viewerIndex] = by;
    if (h.events.length >= g.eventCount) {
      g.squares.fill(0);
      for (const e of h.events) this.apply(g, e);
      g.eventCount = h.events.length;
      g.onTurn = h.playerOnTurn;
      g.bagCount = h.bagCount;
      g.playState = h.playState;
    }
    this.setRack(g, h.viewerIndex, h.racks[h.viewerIndex] ?? '', h.events.length);
    if (g.seats[0] && g.seats[1]) this.markStarted();
    this.schedule(g);
  }

  update(
    by: Player,
    m: {
      gameId: string;
      events: GameEvent[];
      newRack: string;
      playState: PlayState;
      playerOnTurn: number;
      bagCount: number;
      eventCount: number;
    },
  ): void {
    const g = this.game;
    if (!g || g.id !== m.gameId) return;
    if (m.eventCount > g.eventCount) {
      if (m.eventCount - m.events.length !== g.eventCount) {
        // Missed an update: ask for the whole state.
        this.count('resync');
        by.send(MessageType.READY_FOR_GAME, ReadyForGameSchema, { gameId: g.id });
        return;
      }
      for (const e of m.events) this.apply(g, e);
      g.eventCount = m.eventCount;
      g.onTurn = m.playerOnTurn;
      g.bagCount = m.bagCount;
      g.playState = m.playState;
    }
    this.setRack(g, by.seat, m.newRack, m.eventCount);
    const p = g.pending;
    if (p && by === g.seats[p.seat] && m.eventCount > p.count) {
      g.pending = undefined;
      if (this.o.stats.measuring) this.o.stats.rtts.push(performance.now() - p.sentAt);
    }
    if (g.playState === PlayState.GAME_OVER) {
      if (!g.over) {
        g.over = true;
        clearTimeout(g.timer);
        this.o.stats.gamesFinished++;
        setTimeout(() => this.requestGame(), 200 + Math.random() * 800);
      }
      return;
    }
    this.schedule(g);
  }

  error(by: Player, message: string): void {
    this.count(message);
    const g = this.game;
    if (g?.pending && g.seats[g.pending.seat] === by) {
      g.pending = undefined;
      by.send(MessageType.READY_FOR_GAME, ReadyForGameSchema, { gameId: g.id });
    }
  }

  private count(what: string): void {
    const e = this.o.stats.errors;
    e.set(what, (e.get(what) ?? 0) + 1);
  }

  private setRack(g: LiveGame, seat: number, text: string, at: number): void {
    if (seat < 0 || at < g.rackAt[seat]) return;
    const counts = g.racks[seat];
    counts.fill(0);
    const tiles = parseTiles(this.o.set, text, 'rack', { allowEmpty: true });
    if (tiles.ok) for (const t of tiles.value) counts[t]++;
    g.rackAt[seat] = at;
  }

  /** Keeps the board: placements put tiles down, a phony coming off takes them back. */
  private apply(g: LiveGame, e: GameEvent): void {
    if (e.type === GameEvent_Type.PHONY_TILES_RETURNED) {
      for (const i of g.lastFresh) g.squares[i] = 0;
      g.lastFresh = [];
      return;
    }
    if (e.type !== GameEvent_Type.TILE_PLACEMENT_MOVE) return;
    const tiles = parseTiles(this.o.set, e.playedTiles, 'word');
    if (!tiles.ok) return;
    const dim = this.o.movegen.layout.dim;
    const step = e.direction === GameEvent_Direction.VERTICAL ? dim : 1;
    let at = e.row * dim + e.column;
    g.lastFresh = [];
    for (const t of tiles.value) {
      if (t !== PLAYED_THROUGH) {
        g.squares[at] = t;
        g.lastFresh.push(at);
      }
      at += step;
    }
  }

  /** The player on turn thinks, then moves, once the server has told them their rack. */
  private schedule(g: LiveGame): void {
    if (g.over || g.timer || g.pending || this.stopping) return;
    const seat = g.onTurn;
    if (!g.seats[seat] || g.rackAt[seat] !== g.eventCount) return;
    const think = this.o.thinkMs * (0.5 + Math.random());
    g.timer = setTimeout(() => {
      g.timer = undefined;
      if (!this.stopping && this.game === g) this.move(g, seat);
    }, think);
  }

  private move(g: LiveGame, seat: number): void {
    const player = g.seats[seat];
    let text = '-';
    if (g.playState !== PlayState.WAITING_FOR_FINAL_PASS) {
      const gen = this.o.movegen;
      const list = gen.generate(g.squares, g.racks[seat], { top: 1, bagSize: g.bagCount });
      const best = list.sortedByEquity()[0];
      if (best !== undefined) text = gen.moveText(list, best);
    }
    const common = { gameId: g.id, eventCount: g.eventCount };
    if (text === '-') {
      player.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
        ...common,
        type: ClientGameplayEvent_Type.PASS,
      });
    } else if (text.startsWith('-')) {
      player.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
        ...common,
        type: ClientGameplayEvent_Type.EXCHANGE,
        tiles: text.slice(1),
      });
    } else {
      const [positionCoords, tiles] = text.split(' ');
      player.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
        ...common,
        type: ClientGameplayEvent_Type.TILE_PLACEMENT,
        positionCoords,
        tiles,
      });
    }
    this.o.stats.movesSent++;
    g.pending = { seat, count: g.eventCount, sentAt: performance.now() };
  }
}
