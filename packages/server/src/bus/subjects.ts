import type { Bus } from './bus.ts';

/**
 * A bus subject with its one codec: every process that publishes or
 * subscribes to it goes through `encode`/`decode`, so a payload's shape is
 * written down once. Payloads are JSON checked on arrival: a message that
 * does not fit (another version, a stray publisher) is dropped, not trusted.
 */
export interface Subject<T> {
  readonly name: string;
  encode(value: T): Uint8Array;
  decode(data: Uint8Array): T | undefined;
}

export function jsonSubject<T>(name: string, fits: (value: unknown) => value is T): Subject<T> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return {
    name,
    encode: (value) => encoder.encode(JSON.stringify(value)),
    decode(data) {
      try {
        const value: unknown = JSON.parse(decoder.decode(data));
        return fits(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Sends a value to every process subscribed to the subject. */
export function publish<T>(bus: Bus, subject: Subject<T>, value: T): void {
  bus.publish(subject.name, subject.encode(value));
}

/** Receives the subject's values from every process (this one included); ill-formed payloads are dropped. */
export function subscribe<T>(
  bus: Bus,
  subject: Subject<T>,
  handler: (value: T) => void,
): () => void {
  return bus.subscribe(subject.name, (_s, data) => {
    const value = subject.decode(data);
    if (value !== undefined) handler(value);
  });
}

/** Small checks for `jsonSubject`'s `fits`. */
export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
