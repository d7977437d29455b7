/**
 * The about page's hidden toggle (docs/product/community.md §2.1 about):
 * every tile of the site sits a little askew while it is on. Kept in this
 * browser; the site chrome applies it on load.
 */
export const WONKY_TILES_KEY = 'tessera.wonkyTiles';
export const WONKY_TILES_CLASS = 'wonky-tiles';

export function readWonkyTiles(): boolean {
  try {
    return localStorage.getItem(WONKY_TILES_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setWonkyTiles(on: boolean): void {
  try {
    localStorage.setItem(WONKY_TILES_KEY, String(on));
  } catch {
    // Holds for this page only.
  }
  applyWonkyTiles(on);
}

export function applyWonkyTiles(on: boolean = readWonkyTiles()): void {
  if (typeof document === 'undefined') return;
  document.body.classList.toggle(WONKY_TILES_CLASS, on);
}
