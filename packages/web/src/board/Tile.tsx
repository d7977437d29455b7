import { BLANK_BIT, LETTER_MASK, type LetterSet } from '@tessera/engine';
import type { PointerEvent as ReactPointerEvent } from 'react';

/** What a tile shows: its face and points (a blank, or a blank played as a letter, scores nothing). */
export function tileFace(
  set: LetterSet,
  tile: number,
): { letter: string; score: number; blank: boolean } {
  if (tile === 0) return { letter: '', score: 0, blank: true };
  const blank = (tile & BLANK_BIT) !== 0;
  const info = set.letters[tile & LETTER_MASK];
  return { letter: info?.rune ?? '?', score: blank ? 0 : (info?.score ?? 0), blank };
}

/** Words for a screen reader: "A, 1 point", "blank as E", "blank". */
export function tileName(set: LetterSet, tile: number): string {
  const f = tileFace(set, tile);
  if (f.blank) return f.letter ? `blank as ${f.letter}` : 'blank';
  return `${f.letter}, ${f.score} ${f.score === 1 ? 'point' : 'points'}`;
}

export function Tile({
  set,
  tile,
  className = '',
  onPointerDown,
}: {
  set: LetterSet;
  tile: number;
  className?: string;
  onPointerDown?: (e: ReactPointerEvent) => void;
}) {
  const f = tileFace(set, tile);
  const long = [...f.letter].length > 1 ? ' tile-long' : '';
  return (
    <span
      className={`tile${f.blank ? ' tile-blank' : ''}${long} ${className}`}
      onPointerDown={onPointerDown}
      aria-hidden="true"
    >
      <span className="tile-letter">{f.letter}</span>
      {!f.blank && <span className="tile-score">{f.score}</span>}
    </span>
  );
}
