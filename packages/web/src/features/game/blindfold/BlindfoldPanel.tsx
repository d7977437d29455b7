import { printTiles, Rack, sortTiles, parseTiles, type EventType } from '@tessera/engine';
import { ErrorMessageSchema, MessageType, renderError } from '@tessera/protocol';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useServices } from '../../../app/services.tsx';
import { FINAL_PASS_INFO, NOT_YOUR_TURN_TEXT } from '../../../board/play/use-play.ts';
import type { GameActions } from '../state/game-actions.ts';
import type { GameView } from '../../../board/state/game-store.ts';
import { answer, BLINDFOLD_HELP, blindPlay, lastPlay, parseCommand } from './commands.ts';
import { speak } from './speech.ts';

/** The bag must hold this many tiles for an exchange (as the Exchange button asks). */
const MIN_BAG_TO_EXCHANGE = 7;

/** The moves the panel itself answers when the viewer sends them. */
const OWN_MOVES: ReadonlySet<EventType> = new Set(['TILE_PLACEMENT_MOVE', 'PASS', 'EXCHANGE']);

interface Said {
  text: string;
  error: boolean;
}

/**
 * The blindfold input (secret setting): a command line under the hidden
 * board. Each answer is spoken and shown in a live region; moves go through
 * the room's own actions, so the server sees an ordinary play, pass,
 * exchange or challenge. Typing PASS or CHAL in full is the confirmation
 * the buttons ask for.
 */
export function BlindfoldPanel({
  view,
  actions,
  myTurn,
  showChallenge,
}: {
  view: GameView;
  actions: GameActions;
  myTurn: boolean;
  showChallenge: boolean;
}) {
  const [text, setText] = useState('');
  const [said, setSaid] = useState<Said | null>(null);
  const seen = useRef(view.events.length);
  // A move was sent and the server has not answered it with new events yet.
  const awaiting = useRef(false);
  const { socket } = useServices();

  const say = (words: string, error = false) => {
    setSaid({ text: words, error });
    speak(words);
  };

  // The server refuses a move with an error message (a phony under the void
  // rule, a move on a position already gone): say so, since the answer given
  // on sending ("You played ...") no longer holds. Other errors stay toasts.
  useEffect(
    () =>
      socket.on(MessageType.ERROR_MESSAGE, ErrorMessageSchema, (m) => {
        if (!awaiting.current) return;
        awaiting.current = false;
        const words = `That move was refused: ${renderError(m.message)}`;
        setSaid({ text: words, error: true });
        speak(words);
      }),
    [socket],
  );

  // New events are read out as they arrive: the opponent's moves, and what a
  // challenge did (to either player's play). The viewer's own play, pass or
  // exchange was answered when it was sent, so it alone is not news.
  const readNews = useEffectEvent((count: number) => {
    if (count > seen.current) awaiting.current = false;
    const news = view.events
      .slice(seen.current, count)
      .some((e) => e.playerIndex !== view.viewerIndex || !OWN_MOVES.has(e.type));
    if (news) {
      // The room shows a notice when the opponent has played out; say it too.
      const finalPass =
        view.playState === 'WAITING_FOR_FINAL_PASS' && view.playerOnTurn === view.viewerIndex;
      const words = finalPass ? `${lastPlay(view)} ${FINAL_PASS_INFO}` : lastPlay(view);
      setSaid({ text: words, error: false });
      speak(words);
    }
    seen.current = count;
  });
  // Only a new event is news; the view itself changes far more often.
  const count = view.events.length;
  useEffect(() => readNews(count), [count]);

  const live = view.playState === 'PLAYING' || view.playState === 'WAITING_FOR_FINAL_PASS';

  /** Why a move cannot be sent now, or null. */
  const moveRefused = (): string | null => {
    if (view.viewerIndex < 0) return 'You are watching this game.';
    if (!live) return 'The game is not in progress.';
    if (!myTurn) return NOT_YOUR_TURN_TEXT;
    return null;
  };

  const sent = (ok: boolean) => {
    awaiting.current = ok;
    return ok;
  };

  const run = (input: string) => {
    const parsed = parseCommand(input, view.layout.dim);
    if (!parsed.ok) return say(parsed.message, true);
    const c = parsed.value;
    if (c.kind === 'info') {
      const a = answer(view, c.key, c.arg, Date.now());
      return a.ok ? say(a.value) : say(a.message, true);
    }
    const refused = moveRefused();
    if (refused) return say(refused, true);
    const finalPass = view.playState === 'WAITING_FOR_FINAL_PASS';
    switch (c.kind) {
      case 'pass':
        if (sent(actions.pass())) say('You passed.');
        return;
      case 'challenge':
        if (!showChallenge) return say('There are no challenges in this game.', true);
        if (sent(actions.challenge())) say('You challenged the last play.');
        return;
      case 'exchange': {
        if (finalPass) return say(FINAL_PASS_INFO, true);
        if (view.bagCount < MIN_BAG_TO_EXCHANGE) {
          return say(
            `Exchanging needs at least ${MIN_BAG_TO_EXCHANGE} tiles in the bag; it holds ${view.bagCount}.`,
            true,
          );
        }
        const tiles = parseTiles(view.set, c.tiles.toUpperCase(), 'rack');
        if (!tiles.ok || tiles.value.length === 0) {
          return say(`${c.tiles} is not a set of tiles to exchange.`, true);
        }
        if (!Rack.of(view.set, view.rack).holds(tiles.value, false)) {
          return say(`Your rack does not hold ${c.tiles.toUpperCase()}.`, true);
        }
        const rack = printTiles(view.set, sortTiles(tiles.value), 'rack');
        if (sent(actions.exchange(rack))) say(`You exchanged ${tiles.value.length} tiles.`);
        return;
      }
      case 'play': {
        if (finalPass) return say(FINAL_PASS_INFO, true);
        const p = blindPlay(view, c.coord, c.word);
        if (!p.ok) return say(p.message, true);
        if (sent(actions.play(p.value.coords, p.value.tiles))) {
          say(`You played ${p.value.coords} ${p.value.word} for ${p.value.score} points.`);
        }
        return;
      }
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    run(text);
    setText('');
  };

  return (
    <section className="blindfold" aria-labelledby="blindfold-title">
      <h2 id="blindfold-title" className="blindfold-title">
        Blindfold
      </h2>
      <form onSubmit={onSubmit} className="blindfold-form">
        <label htmlFor="blindfold-command">Blindfold command</label>
        <input
          id="blindfold-command"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="8H WORD, PASS, R …"
          autoFocus
        />
      </form>
      <p
        className={`blindfold-answer${said?.error ? ' blindfold-error' : ''}`}
        role="status"
        aria-live="polite"
        aria-label="Blindfold answer"
      >
        {said?.text ?? ''}
      </p>
      <details className="blindfold-help" open>
        <summary>Blindfold commands</summary>
        <dl>
          {BLINDFOLD_HELP.map((h) => (
            <div key={h.command}>
              <dt>
                <kbd>{h.command}</kbd>
              </dt>
              <dd>{h.meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
