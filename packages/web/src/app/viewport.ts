/**
 * Phones narrower than this get a page laid out at this width and scaled to
 * fit (docs/product/community.md §9: "viewport fixed at 558 width when narrower"):
 * the phone layout is designed down to 558 CSS pixels.
 */
export const MIN_VIEWPORT_WIDTH = 558;
const DEVICE_WIDTH = 'width=device-width, initial-scale=1';

/** Sets the viewport meta tag for a screen `screenWidth` CSS pixels wide. */
export function fitViewport(doc: Document, screenWidth: number): void {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!meta) return;
  meta.content = screenWidth < MIN_VIEWPORT_WIDTH ? `width=${MIN_VIEWPORT_WIDTH}` : DEVICE_WIDTH;
}

/** Keeps the viewport right as the phone turns. */
export function watchViewport(win: Window): void {
  const fit = () => fitViewport(win.document, win.screen.width);
  fit();
  win.addEventListener('orientationchange', fit);
  win.addEventListener('resize', fit);
}
