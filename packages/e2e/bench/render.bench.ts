import {
  ClientGameplayEventSchema,
  clientMove,
  JoinPathSchema,
  MessageType,
} from '@tessera/protocol';
import {
  bestMoves,
  caughtUp,
  chromiumMissing,
  createGame,
  freshName,
  launchBrowser,
  newSession,
  NodeSocket,
  position,
  registerInBrowser,
  sessionCookie,
} from '../src/index.ts';
import { startAppServer } from '../src/app-server.ts';

type Emit = (record: Record<string, unknown>) => void;

const MOVES = Number(process.env.TESSERA_RENDER_MOVES ?? 24);

interface Sample {
  /** From the socket message's arrival to the board's update, in ms. */
  latency: number;
  /** Animation frames that began in between (0: the update made the next frame). */
  frames: number;
}

/**
 * Runs in the page before the app (plain JavaScript: this package has no DOM
 * types): notes when each gameplay event frame arrives, when the game room's
 * event count changes, and when animation frames begin.
 */
const instrument = (gameplayType: number) => `
  window.__arrivals = [];
  window.__updates = [];
  window.__frames = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (e) => {
        // Frames: 2-byte length, 1-byte type, payload; several may share a message.
        if (!(e.data instanceof ArrayBuffer)) return;
        const bytes = new Uint8Array(e.data);
        for (let at = 0; at + 3 <= bytes.length; at += 2 + ((bytes[at] << 8) | bytes[at + 1])) {
          if (bytes[at + 2] === ${gameplayType}) window.__arrivals.push(performance.now());
        }
      });
    }
  };
  // When each frame's callbacks actually run: one running between a message and
  // the room's update means a frame was drawn before the update.
  const frame = () => { window.__frames.push(performance.now()); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target.classList.contains('game-room')) {
        window.__updates.push({ count: Number(r.target.getAttribute('data-event-count')), t: performance.now() });
      }
    }
  }).observe(document, { attributes: true, attributeFilter: ['data-event-count'], subtree: true });
`;

/** The sample for the first room update past `before` events (evaluated in the page). */
const sampleAfter = (before: number) => `(() => {
  const update = window.__updates.find((u) => u.count > ${before});
  const arrival = window.__arrivals.filter((t) => t <= update.t).at(-1);
  const frames = window.__frames.filter((t) => t > arrival && t < update.t).length;
  return { latency: update.t - arrival, frames };
})()`;

/** The room shows more than `before` events (evaluated in the page). */
const roomPast = (before: number) =>
  `Number(document.querySelector('.game-room')?.getAttribute('data-event-count')) > ${before}`;

/**
 * How fast the game room shows a move that arrives over the socket: two
 * players move from Node while one of them watches the room in Chromium.
 * The issue asks for the board to render a move within one frame of its
 * arrival.
 */
export async function bench(emit: Emit): Promise<void> {
  const missing = chromiumMissing();
  if (missing) {
    emit({ bench: 'web.render.move', skipped: missing });
    return;
  }
  const [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  try {
    const a = await newSession(browser, server.url);
    const b = await newSession(browser, server.url);
    const aName = freshName('ra');
    const bName = freshName('rb');
    await registerInBrowser(a.page, aName);
    await registerInBrowser(b.page, bName);
    const gameId = await createGame(server, a, b, bName);
    const sockets = await Promise.all(
      [a, b].map(async (s) => NodeSocket.connect(server.url, await sessionCookie(s.context))),
    );
    for (const s of sockets) {
      s.send(MessageType.JOIN_PATH, JoinPathSchema, { path: `/game/${gameId}` });
    }
    const first = await position(server.services, gameId);
    // The watcher is the player who does not move first: a's or b's own page.
    const watcher = [a, b][1 - first.player].page;
    await watcher.addInitScript({ content: instrument(MessageType.SERVER_GAMEPLAY_EVENT) });
    await watcher.goto(`/game/${gameId}`);
    await caughtUp(watcher, first.eventCount);

    const samples: Sample[] = [];
    for (let i = 0; i < MOVES; i++) {
      const { g, eventCount, player } = await position(server.services, gameId);
      if (g.playState === 'GAME_OVER') break;
      const text = g.playState === 'WAITING_FOR_FINAL_PASS' ? '-' : bestMoves(g, 1)[0];
      sockets[player].send(
        MessageType.CLIENT_GAMEPLAY_EVENT,
        ClientGameplayEventSchema,
        clientMove(gameId, text, eventCount),
      );
      // A move can add two events (a play and the end-of-game points).
      await watcher.waitForFunction(roomPast(eventCount));
      samples.push((await watcher.evaluate(sampleAfter(eventCount))) as Sample);
    }
    for (const s of sockets) s.close();
    const sorted = samples.map((s) => s.latency).sort((x, y) => x - y);
    const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    const round = (x: number) => Math.round(x * 100) / 100;
    emit({
      bench: 'web.render.move',
      moves: samples.length,
      p50Ms: round(pick(0.5)),
      maxMs: round(sorted.at(-1) ?? 0),
      withinOneFrame: samples.filter((s) => s.frames === 0).length,
    });
  } finally {
    await browser.close();
    await server.close();
  }
}
