/**
 * Asks `question` before an in-app link leaves the current page, and keeps
 * the page when the answer is no. In-app links change the page without
 * unloading it, so the browser's beforeunload prompt never shows for them.
 * The app uses a declarative router (no useBlocker), so the guard listens
 * for clicks on links in the capture phase, before the router's own handler,
 * which leaves a click alone once its default is prevented. Returns the
 * function that removes the guard.
 */
export function guardInAppLinks(question: string): () => void {
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0) return;
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // a new tab or window
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
    if (link.target && link.target !== '_self') return;
    const to = new URL(link.href, window.location.href);
    if (to.origin !== window.location.origin) return; // a real unload: beforeunload asks
    if (to.pathname === window.location.pathname) return;
    if (!window.confirm(question)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}
