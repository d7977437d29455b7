/**
 * The modals open right now, innermost last. Escape closes only the innermost
 * one, even when focus has left its panel (a submit button disabled while
 * its call runs drops focus to the page); the toasts move out of a dialog's
 * way (its close button sits where they would) while one is open.
 */
const stack: symbol[] = [];
const listeners = new Set<() => void>();

export function pushModal(id: symbol): () => void {
  stack.push(id);
  listeners.forEach((l) => l());
  return () => {
    const i = stack.lastIndexOf(id);
    if (i >= 0) stack.splice(i, 1);
    listeners.forEach((l) => l());
  };
}

export const isInnermostModal = (id: symbol) => stack[stack.length - 1] === id;

export function subscribeModals(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const anyModalOpen = () => stack.length > 0;
