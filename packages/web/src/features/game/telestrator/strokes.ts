/**
 * The telestrator's strokes (docs/product/gameplay.md §2 "drawing hotkey"): pure
 * geometry, kept apart from the pointer handling. A stroke's points are in
 * a 0–1000 square laid over the board, so a drawing keeps its place when
 * the board is resized; the pen width (5 px) is applied on screen.
 */

export const VIEW_SIZE = 1000;
export const STROKE_WIDTH = 5;
/** How close (in screen pixels) the eraser must pass to a stroke to take it away. */
export const ERASER_RADIUS_PX = 12;

export type PenColour = 'red' | 'green' | 'blue' | 'yellow';
export type Pen = PenColour | 'eraser';

export const PEN_COLOURS: Record<PenColour, string> = {
  red: '#e53935',
  green: '#2e9d44',
  blue: '#1e6fe0',
  yellow: '#f2c200',
};

export interface Point {
  x: number;
  y: number;
}

export interface Stroke {
  id: number;
  colour: PenColour;
  points: Point[];
}

/** The SVG path of a stroke; a single point still draws a dot (round caps). */
export function strokePath(points: readonly Point[]): string {
  if (points.length === 0) return '';
  const r = (n: number) => Math.round(n * 10) / 10;
  const [first, ...rest] = points;
  const tail = rest.length > 0 ? rest : [first];
  return `M${r(first.x)} ${r(first.y)}` + tail.map((p) => ` L${r(p.x)} ${r(p.y)}`).join('');
}

/** A point on the screen, in the layer's 0–1000 units. */
export function toView(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
): Point {
  return {
    x: ((clientX - rect.left) / (rect.width || 1)) * VIEW_SIZE,
    y: ((clientY - rect.top) / (rect.height || 1)) * VIEW_SIZE,
  };
}

function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * The strokes the eraser at `at` leaves. Distances are measured on screen
 * (`scaleX`, `scaleY`: pixels per unit), since the layer may be stretched.
 */
export function erase(
  strokes: readonly Stroke[],
  at: Point,
  scaleX: number,
  scaleY: number,
  radiusPx = ERASER_RADIUS_PX,
): Stroke[] {
  const screen = (p: Point): Point => ({ x: p.x * scaleX, y: p.y * scaleY });
  const centre = screen(at);
  return strokes.filter((s) => {
    const pts = s.points.map(screen);
    if (pts.length === 1) return Math.hypot(pts[0].x - centre.x, pts[0].y - centre.y) > radiusPx;
    for (let i = 1; i < pts.length; i++) {
      if (segmentDistance(centre, pts[i - 1], pts[i]) <= radiusPx) return false;
    }
    return true;
  });
}
