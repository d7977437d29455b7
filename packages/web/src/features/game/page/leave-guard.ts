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

const MARK = 'tesseraLeaveGuard';
/** Set while a guard takes its extra entry away; the pop that follows is not a leave. */
let unwinding = false;

const marked = () => (window.history.state as Record<string, unknown> | null)?.[MARK] === true;
const pushMark = () =>
  window.history.pushState(
    { ...(window.history.state ?? {}), [MARK]: true },
    '',
    window.location.href,
  );

/**
 * Asks `question` when the browser's Back button would leave the page. A
 * declarative router cannot hold a history move back, so the guard puts a
 * copy of the current entry on top: Back lands on the same address (the
 * router keeps the page), the guard asks, and then either goes back once
 * more for real or puts the copy back. Pushing an entry drops the Forward
 * entries, so Forward cannot leave either. Returns the function that removes
 * the guard and, when the page stays (the game ended), its extra entry.
 */
export function guardHistoryBack(question: string): () => void {
  const here = window.location.href;
  if (!marked()) pushMark();
  let leaving = false;
  const onPop = () => {
    if (leaving || window.location.href !== here || marked()) return;
    if (unwinding)
      pushMark(); // an earlier guard's entry went; this guard still stands
    else if (window.confirm(question)) {
      leaving = true;
      window.history.back();
    } else pushMark();
  };
  window.addEventListener('popstate', onPop);
  return () => {
    window.removeEventListener('popstate', onPop);
    if (leaving || !marked() || window.location.href !== here) return;
    unwinding = true;
    window.addEventListener('popstate', () => setTimeout(() => (unwinding = false)), {
      once: true,
    });
    window.history.back();
  };
}
