import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { typing } from '../../../board/play/use-keys.ts';
import {
  erase,
  PEN_COLOURS,
  STROKE_WIDTH,
  strokePath,
  toView,
  VIEW_SIZE,
  type Pen,
  type PenColour,
  type Stroke,
} from './strokes.ts';

/** The drawing hotkey: not a letter (letters type tiles) and not 2, 3 or 4. */
export const DRAW_KEY = '0';

const PENS: { pen: Pen; label: string }[] = [
  { pen: 'red', label: 'Red pen' },
  { pen: 'green', label: 'Green pen' },
  { pen: 'blue', label: 'Blue pen' },
  { pen: 'yellow', label: 'Yellow pen' },
  { pen: 'eraser', label: 'Eraser' },
];

/**
 * The telestrator (secret setting; docs/product/gameplay.md §2 "drawing hotkey"): a
 * drawing layer over the board for commentary. Key 0 (or the Draw button)
 * enters drawing mode and Escape leaves it; while drawing, the layer takes
 * the pointer (mouse, pen or touch), so no stroke ever reaches a square or
 * places a tile. Strokes belong to this viewer only and go when a new move
 * arrives (`resetKey` changes) or on Clear drawing.
 */
export function Telestrator({ resetKey, children }: { resetKey: number; children: ReactNode }) {
  const [drawing, setDrawing] = useState(false);
  const [pen, setPen] = useState<Pen>('red');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [shownKey, setShownKey] = useState(resetKey);
  const layer = useRef<SVGSVGElement>(null);
  const active = useRef<{ pointerId: number; strokeId: number | null } | null>(null);
  const nextId = useRef(1);

  if (shownKey !== resetKey) {
    setShownKey(resetKey);
    setStrokes([]);
  }

  useEffect(() => {
    // Capture phase, so Escape while drawing leaves drawing mode and does not
    // also reach the room's keys (which would take the tiles back).
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (document.querySelector('[role="dialog"]')) return;
      if (e.key === DRAW_KEY) {
        e.preventDefault();
        e.stopPropagation();
        setDrawing((d) => !d);
      } else if (e.key === 'Escape' && drawing) {
        e.preventDefault();
        e.stopPropagation();
        setDrawing(false);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [drawing]);

  const pointAt = (e: PointerEvent) => {
    const rect = layer.current!.getBoundingClientRect();
    return { point: toView(e.clientX, e.clientY, rect), rect };
  };

  const rubOut = (e: PointerEvent) => {
    const { point, rect } = pointAt(e);
    const sx = (rect.width || 1) / VIEW_SIZE;
    const sy = (rect.height || 1) / VIEW_SIZE;
    setStrokes((all) => erase(all, point, sx, sy));
  };

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    // Only the main button (a finger or a pen's tip) draws: a right click is for the menu.
    if (!drawing || active.current || e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    if (pen === 'eraser') {
      active.current = { pointerId: e.pointerId, strokeId: null };
      rubOut(e);
      return;
    }
    const id = nextId.current++;
    active.current = { pointerId: e.pointerId, strokeId: id };
    const { point } = pointAt(e);
    const colour: PenColour = pen;
    setStrokes((all) => [...all, { id, colour, points: [point] }]);
  };

  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const a = active.current;
    if (!a || a.pointerId !== e.pointerId) return;
    if (a.strokeId === null) {
      rubOut(e);
      return;
    }
    const { point } = pointAt(e);
    setStrokes((all) =>
      all.map((s) => (s.id === a.strokeId ? { ...s, points: [...s.points, point] } : s)),
    );
  };

  const onPointerEnd = (e: PointerEvent<SVGSVGElement>) => {
    if (active.current?.pointerId === e.pointerId) active.current = null;
  };

  return (
    <div className={`telestrator${drawing ? ' telestrator-drawing' : ''}`}>
      <div className="telestrator-frame">
        {children}
        <svg
          ref={layer}
          className="telestrator-layer"
          role="img"
          aria-label={`Drawing over the board, ${strokes.length} ${strokes.length === 1 ? 'stroke' : 'strokes'}`}
          viewBox={`0 0 ${VIEW_SIZE} ${VIEW_SIZE}`}
          preserveAspectRatio="none"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          data-pen={pen}
        >
          {strokes.map((s) => (
            <path
              key={s.id}
              d={strokePath(s.points)}
              fill="none"
              stroke={PEN_COLOURS[s.colour]}
              strokeWidth={STROKE_WIDTH}
              strokeLinecap="round"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
              data-colour={s.colour}
            />
          ))}
        </svg>
      </div>
      <div className="telestrator-bar" role="toolbar" aria-label="Telestrator">
        <button
          type="button"
          className="button-secondary"
          aria-label="Draw on the board"
          aria-pressed={drawing}
          aria-keyshortcuts={DRAW_KEY}
          title={`Draw on the board (key ${DRAW_KEY}; Escape stops drawing)`}
          onClick={() => setDrawing((d) => !d)}
        >
          Draw <kbd>{DRAW_KEY}</kbd>
        </button>
        <span role="group" aria-label="Pens" className="telestrator-pens">
          {PENS.map((p) => (
            <button
              key={p.pen}
              type="button"
              className={`telestrator-pen pen-${p.pen}`}
              aria-label={p.label}
              title={p.label}
              aria-pressed={pen === p.pen}
              onClick={() => {
                setPen(p.pen);
                setDrawing(true);
              }}
            >
              {p.pen === 'eraser' ? '⌫' : ''}
            </button>
          ))}
        </span>
        <button
          type="button"
          className="button-secondary"
          onClick={() => setStrokes([])}
          disabled={strokes.length === 0}
        >
          Clear drawing
        </button>
      </div>
    </div>
  );
}
