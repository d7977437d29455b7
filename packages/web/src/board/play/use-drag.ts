import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';

/** Where a dragged tile came from. */
export interface DragSource {
  slotId: number;
  tile: number;
}

/** Where it was let go: a board square, or the rack (before a tile, or at the end). */
export type DropTarget =
  { kind: 'square'; row: number; col: number } | { kind: 'rack'; beforeSlotId?: number };

/** docs/product/gameplay.md §9: drag touch slop 8 px and touch delay 200 ms. */
export const DRAG_SLOP_PX = 8;
export const TOUCH_DELAY_MS = 200;

export interface Ghost {
  tile: number;
  x: number;
  y: number;
}

/** The drop target under a point, read from the data-drop attributes of squares and rack slots. */
export function dropTargetAt(x: number, y: number): DropTarget | null {
  const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-drop]');
  if (!el) return null;
  if (el.dataset.drop === 'square') {
    return { kind: 'square', row: Number(el.dataset.row), col: Number(el.dataset.col) };
  }
  const before = el.dataset.slotId;
  return { kind: 'rack', beforeSlotId: before === undefined ? undefined : Number(before) };
}

/**
 * Dragging tiles with pointer events (mouse, pen and touch alike): a mouse
 * drag starts after the pointer moves 8 px; a touch drag after the finger
 * rests 200 ms without moving more than 8 px (moving sooner lets the page
 * scroll). While dragging, a ghost tile follows the pointer; on release the
 * drop target under it gets the tile. A press that never became a drag is
 * left to the click handlers.
 */
export function useTileDrag(onDrop: (source: DragSource, target: DropTarget) => void) {
  const [ghost, setGhost] = useState<Ghost | null>(null);
  const dropRef = useRef(onDrop);
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(() => {
    dropRef.current = onDrop;
  });
  useEffect(() => () => cleanup.current?.(), []);

  const start = useCallback((source: DragSource, e: ReactPointerEvent) => {
    if (e.button !== 0) return;
    cleanup.current?.();
    const x0 = e.clientX;
    const y0 = e.clientY;
    const touch = e.pointerType === 'touch';
    const t0 = Date.now();
    let dragging = false;
    const begin = (x: number, y: number) => {
      dragging = true;
      setGhost({ tile: source.tile, x, y });
    };
    const timer = touch ? setTimeout(() => begin(x0, y0), TOUCH_DELAY_MS) : undefined;
    const move = (ev: PointerEvent) => {
      const far = Math.hypot(ev.clientX - x0, ev.clientY - y0) > DRAG_SLOP_PX;
      if (!dragging) {
        if (!far) return;
        if (touch && Date.now() - t0 < TOUCH_DELAY_MS) return stop();
        begin(ev.clientX, ev.clientY);
      }
      ev.preventDefault();
      setGhost({ tile: source.tile, x: ev.clientX, y: ev.clientY });
    };
    const up = (ev: PointerEvent) => {
      const was = dragging;
      stop();
      if (!was) return;
      // The click that follows a drag is not a click on a square.
      const swallow = (c: MouseEvent) => c.stopPropagation();
      window.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
      const target = dropTargetAt(ev.clientX, ev.clientY);
      if (target) dropRef.current(source, target);
    };
    const stop = () => {
      clearTimeout(timer);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', stop);
      cleanup.current = null;
      setGhost(null);
    };
    window.addEventListener('pointermove', move, { passive: false });
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', stop);
    cleanup.current = stop;
  }, []);

  return { ghost, start };
}
