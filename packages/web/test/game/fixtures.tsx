import type { ConnectRouter } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { act, render, waitFor } from '@testing-library/react';
import {
  createGame,
  parseCoord,
  parseTiles,
  pass,
  play,
  printTiles,
  setRack,
  type GameEvent,
  type GameState,
} from '@tessera/engine';
import {
  ChallengeRule,
  decodeFrames,
  decodeSocketMessage,
  encodeSocketMessage,
  eventToWire,
  GameHistoryRefresherSchema,
  GameHistorySchema,
  MessageType,
  endReasons,
  playStates,
  ServerGameplayEventSchema,
  SessionInfoSchema,
  type GameHistory,
} from '@tessera/protocol';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createServices } from '../../src/app/create-services.ts';
import { ServicesProvider } from '../../src/app/services.tsx';
import type { AnalyzerEngine } from '../../src/features/game/analysis/analyzer-client.ts';
import { GameRoom } from '../../src/features/game/room/GameRoom.tsx';
import { Notifications } from '../../src/ui/Notifications.tsx';
import { FakeSocket, fakeAccountServer } from '../fakes.ts';

/**
 * A game room on a hand-driven socket: the tests deliver the server's
 * messages (a refresher built from a real engine game) and read what the
 * page sends.
 */

export const GAME_ID = 'g1';
export const ME = { userId: 'u-ann', nickname: 'ann' };
export const OPPONENT = { userId: 'u-bob', nickname: 'bob' };

/** An engine game with ann first; `rack` fixes ann's tiles; `moves` are GCG placements ("8D CAT"). */
export function engineGame(
  o: { rack?: string; moves?: string[]; challengeRule?: GameState['rules']['challengeRule'] } = {},
) {
  const g = createGame({
    challengeRule: o.challengeRule ?? 'DOUBLE',
    lexicon: 'TEST',
    seed: 7,
    players: [
      { nickname: ME.nickname, userId: ME.userId },
      { nickname: OPPONENT.nickname, userId: OPPONENT.userId },
    ],
  });
  for (const text of o.moves ?? []) {
    const [coords, word] = text.split(' ');
    const at = parseCoord(coords);
    const tiles = parseTiles(g.set, word, 'word');
    if (!at.ok || !tiles.ok) throw new Error(text);
    const p = g.playerOnTurn;
    const need = Array.from(tiles.value)
      .filter((t) => t !== 0)
      .map((t) => (t & 0x80 ? 0 : t));
    const keep = Array.from(g.racks[p].tiles()).slice(0, 7 - need.length);
    setRack(g, p, [...need, ...keep]);
    const r = play(g, p, { ...at.value, tiles: tiles.value });
    if (!r.ok) throw new Error(r.message);
  }
  if (o.rack !== undefined) {
    const tiles = parseTiles(g.set, o.rack, 'rack');
    if (!tiles.ok) throw new Error(tiles.message);
    setRack(g, 0, tiles.value);
  }
  return g;
}

/**
 * The refresher's history of `g` as `viewer` sees it (the opponent's racks
 * hidden while playing); `open`: every rack shown, as to a tournament's
 * director watching.
 */
export function historyOf(g: GameState, viewer: number, open = false): GameHistory {
  const over = g.playState === 'GAME_OVER';
  const shown = over || open;
  return create(GameHistorySchema, {
    gameId: GAME_ID,
    players: [ME, OPPONENT].map((p, i) => ({
      ...p,
      rating: 1500,
      ratingEstablished: i === 0,
      first: i === g.firstPlayer,
    })),
    events: g.events.map((e) =>
      eventToWire(shown || e.playerIndex === viewer ? e : { ...e, rack: '' }),
    ),
    request: {
      lexicon: 'TEST',
      rules: {
        variantName: 'classic',
        boardLayoutName: 'CrosswordGame',
        letterDistributionName: 'english',
      },
      initialTimeSeconds: 600,
      maxOvertimeMinutes: 1,
      challengeRule: g.rules.challengeRule === 'VOID' ? ChallengeRule.VOID : ChallengeRule.DOUBLE,
    },
    racks: [0, 1].map((p) =>
      p === viewer || shown ? printTiles(g.set, g.racks[p].tiles(), 'rack') : '',
    ),
    scores: [...g.scores],
    playState: playStates.toWire(g.playState),
    endReason: endReasons.toWire(g.endReason),
    winner: g.winner,
    playerOnTurn: g.playerOnTurn,
    bagCount: g.bag.size,
    clocks: {
      remainingMs: [600_000, 600_000],
      running: over ? -1 : g.playerOnTurn,
      maxOvertimeMinutes: 1,
    },
    viewerIndex: viewer,
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders the room at `path`, connects its socket as ann (or a visitor) and returns the handles. */
export async function renderRoom(
  o: {
    path?: string;
    analyzer?: AnalyzerEngine;
    visitor?: boolean;
    /** More services on the fake server (words ...). */
    extra?: (router: ConnectRouter) => void;
  } = {},
) {
  const server = fakeAccountServer(
    o.visitor ? { extra: o.extra } : { loggedInAs: ME.nickname, extra: o.extra },
  );
  const services = createServices({
    transport: server.transport,
    socket: { url: () => 'ws://test/ws', createSocket: (url) => new FakeSocket(url) },
  });
  FakeSocket.made = [];
  services.socket.start();
  const view = render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={[o.path ?? `/game/${GAME_ID}`]}>
        <Routes>
          <Route path="/game/:id" element={<GameRoom gameId={GAME_ID} analyzer={o.analyzer} />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
        <Notifications />
      </MemoryRouter>
    </ServicesProvider>,
  );
  const socket = await FakeSocket.live();
  socket.accept();
  socket.deliver(
    encodeSocketMessage(MessageType.SESSION_INFO, SessionInfoSchema, {
      userId: o.visitor ? '' : ME.userId,
      username: o.visitor ? '' : ME.nickname,
    }),
  );
  const deliverHistory = (history: GameHistory) =>
    socket.deliver(
      encodeSocketMessage(MessageType.GAME_HISTORY_REFRESHER, GameHistoryRefresherSchema, {
        history,
      }),
    );
  return { ...view, services, socket, deliverHistory };
}

/** The messages the page sent of one type, decoded. */
export function sent(socket: FakeSocket, type: MessageType): Record<string, unknown>[] {
  return socket.sent.flatMap((bytes) => {
    const frames = decodeFrames(bytes);
    if (!Array.isArray(frames)) return [];
    return frames
      .filter((f) => f.type === type)
      .map((f) => {
        const d = decodeSocketMessage(f.type, f.payload);
        return d.ok ? (d.message as unknown as Record<string, unknown>) : {};
      });
  });
}

export async function lastSent(socket: FakeSocket, type: MessageType) {
  return waitFor(() => {
    const all = sent(socket, type);
    if (all.length === 0) throw new Error(`nothing of type ${type} sent`);
    return all[all.length - 1];
  });
}

/** ann (rack `rack`) passed, then bob put two tiles down from H8: the game after, and bob's events. */
export function bobPlaysAtH8(rack = 'CATSXYZ') {
  const after = engineGame({ rack });
  pass(after, 0);
  const r = play(after, 1, {
    row: 7,
    col: 7,
    vertical: false,
    tiles: after.racks[1].tiles().slice(0, 2),
  });
  if (!r.ok) throw new Error(r.message);
  return { after, events: r.value };
}

/** The server's update for the opponent's `events` as ann's page gets it, leading to `after`. */
export function deliverOpponentMove(
  socket: FakeSocket,
  after: GameState,
  events: GameEvent[],
  more: {
    newRack?: string;
    clocks?: { remainingMs: number[]; running: number; maxOvertimeMinutes: number };
  } = {},
) {
  act(() =>
    socket.deliver(
      encodeSocketMessage(MessageType.SERVER_GAMEPLAY_EVENT, ServerGameplayEventSchema, {
        gameId: GAME_ID,
        events: events.map((e) => eventToWire({ ...e, rack: '' })),
        playState: playStates.toWire(after.playState),
        scores: [...after.scores],
        playerOnTurn: after.playerOnTurn,
        bagCount: after.bag.size,
        eventCount: after.events.length,
        ...more,
      }),
    ),
  );
}
