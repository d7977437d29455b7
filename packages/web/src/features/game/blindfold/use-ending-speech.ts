import { END_REASON_LABELS } from '@tessera/protocol';
import { useEffect, useRef } from 'react';
import type { GameView } from '../../../board/state/game-store.ts';
import { speak } from './speech.ts';

/** What a blindfolded player hears when their game ends. */
export function endingWords(view: GameView): string {
  const reason = END_REASON_LABELS[view.endReason];
  const head = reason ? `Game over: ${reason}.` : 'Game over.';
  if (view.endReason === 'CANCELLED' || view.endReason === 'ABORTED') return head;
  const me = view.viewerIndex;
  const [mine, theirs] = [view.scores[me], view.scores[1 - me]];
  if (view.winner < 0) return `${head} A tie at ${mine}.`;
  return `${head} You ${view.winner === me ? 'won' : 'lost'}, ${mine} to ${theirs}.`;
}

/**
 * The blindfold panel goes with the game's end (the board shows again), so
 * the room says the result aloud here, once, when a game watched live ends.
 */
export function useEndingSpeech(view: GameView, enabled: boolean): void {
  const state = view.playState;
  const before = useRef(state);
  useEffect(() => {
    const was = before.current;
    before.current = state;
    const wasLive = was === 'PLAYING' || was === 'WAITING_FOR_FINAL_PASS';
    if (enabled && wasLive && state === 'GAME_OVER') speak(endingWords(view));
  }, [state, enabled, view]);
}
