import { useEffect, useRef } from 'react';
import type { GameEvent } from '@tessera/engine';
import type { PlayerView } from '../../../board/state/history-view.ts';
import { turnRows, turnsTaken } from '../../../board/state/turns.ts';
import { DefinedWord } from '../words/DefinedWord.tsx';
import { WordText } from './WordText.tsx';

/**
 * The score card (docs/product/gameplay.md §2): titled Turn N, one line per event
 * with the mover, their rack when known, the move, its points and the
 * running total. While examining, the line of the examined position is
 * marked and a click on a line goes to the position after it. An annotated
 * game's notes show under their turns.
 */
export function ScoreCard({
  events,
  players,
  over,
  examinedCount,
  onSelect,
  lexicon,
  comments,
}: {
  events: readonly GameEvent[];
  players: readonly PlayerView[];
  over: boolean;
  /** Events shown while examining (null when not examining). */
  examinedCount: number | null;
  onSelect?: (count: number) => void;
  /** The game's lexicon, for the definitions shown when a word is hovered. */
  lexicon?: string;
  /** The turns' comments (a finished game): how many per event index, and opening the drawer. */
  comments?: { counts: ReadonlyMap<number, readonly unknown[]>; open: (index: number) => void };
}) {
  const rows = turnRows(events);
  const turn = turnsTaken(events) + (over ? 0 : 1);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (examinedCount === null)
      list.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [events.length, examinedCount]);
  return (
    <section className="score-card" aria-labelledby="score-card-title">
      <h2 id="score-card-title" className="panel-title">
        Turn {Math.max(1, turn)}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">No moves yet.</p>
      ) : (
        <ol className="turn-list" ref={list}>
          {rows.map((r) => {
            const current = examinedCount !== null && r.index === examinedCount - 1;
            return (
              <li
                key={r.index}
                className={`turn turn-p${r.playerIndex}${current ? ' turn-current' : ''}`}
                aria-current={current ? 'step' : undefined}
              >
                <button
                  type="button"
                  className="turn-button"
                  disabled={!onSelect}
                  onClick={() => onSelect?.(r.index + 1)}
                >
                  <span className="turn-move">
                    {r.position && <span className="turn-coords">{r.position} </span>}
                    {r.type === 'TILE_PLACEMENT_MOVE' ? (
                      <DefinedWord lexicon={lexicon} words={events[r.index]?.wordsFormed ?? []}>
                        <WordText word={r.move} />
                      </DefinedWord>
                    ) : (
                      r.move
                    )}
                    {r.isBingo && <span className="turn-bingo"> bingo</span>}
                  </span>
                  <span className="turn-meta">
                    <span className="turn-player">{players[r.playerIndex]?.nickname ?? ''}</span>
                    {r.rack && <span className="turn-rack">{r.rack}</span>}
                  </span>
                  <span className="turn-score">
                    {r.score > 0 ? `+${r.score}` : r.score < 0 ? `${r.score}` : '0'}
                  </span>
                  <span className="turn-total">{r.cumulative}</span>
                </button>
                {events[r.index]?.note && <p className="turn-note">{events[r.index].note}</p>}
                {comments && (
                  <button
                    type="button"
                    className="link-button turn-comments"
                    aria-label={`Comments for Turn ${r.index + 1}`}
                    onClick={() => comments.open(r.index)}
                  >
                    💬 {comments.counts.get(r.index)?.length || ''}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
