import { Listeners } from '../stores/listeners.ts';

/**
 * Short-lived messages ("You have been logged out.", socket errors, server
 * warnings). A plain store; <Notifications> renders it.
 */
export type NotificationKind = 'success' | 'info' | 'warning' | 'error';

export interface Notification {
  id: number;
  kind: NotificationKind;
  title?: string;
  text: string;
}

/** Toast lengths of docs/product/community.md §9. */
export const NOTIFICATION_MS: Record<NotificationKind, number> = {
  success: 3_000,
  info: 3_000,
  warning: 3_000,
  error: 5_000,
};

export class NotificationStore {
  private items: readonly Notification[] = [];
  private nextId = 1;
  private readonly listeners = new Listeners();

  getSnapshot = (): readonly Notification[] => this.items;

  subscribe = this.listeners.subscribe;

  show(
    kind: NotificationKind,
    text: string,
    options: { title?: string; ms?: number } = {},
  ): number {
    const id = this.nextId++;
    this.set([...this.items, { id, kind, text, title: options.title }]);
    setTimeout(() => this.dismiss(id), options.ms ?? NOTIFICATION_MS[kind]);
    return id;
  }

  dismiss(id: number): void {
    if (this.items.some((n) => n.id === id)) this.set(this.items.filter((n) => n.id !== id));
  }

  private set(items: readonly Notification[]): void {
    this.items = items;
    this.listeners.notify();
  }
}
