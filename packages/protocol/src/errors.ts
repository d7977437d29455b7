/**
 * The error catalogue. A failed call or socket request carries a message of
 * the form "<code>;<param1>;<param2>..." (docs/product/gameplay.md §8); the client
 * looks the code up here and substitutes $1, $2... Unknown codes are shown
 * raw. Texts the spec quotes are kept word for word.
 *
 * Each key also owns the Connect code a failed call carries (`connect`, in
 * Connect's wire spelling); a key sent with several lists them, the first
 * being the usual one (see refusal.ts). The number of parameters a key takes
 * is the number of $n markers in its text (`ErrorParams`).
 */
import type { CatalogueEntry, ConnectCodeName } from './catalogue-entry.ts';
import { ACCOUNT_ERRORS } from './errors-account.ts';
import { ADMIN_ERRORS } from './errors-admin.ts';
import { ANNOTATED_ERRORS } from './errors-annotated.ts';
import { COLLECTION_ERRORS } from './errors-collections.ts';
import { MODERATION_ERRORS } from './errors-moderation.ts';
import { MONITORING_ERRORS } from './errors-monitoring.ts';
import { PLATFORM_ERRORS } from './errors-platform.ts';
import { STORAGE_ERRORS } from './errors-storage.ts';
import { TOURNAMENT_ERRORS } from './errors-tournament.ts';

export type { ConnectCodeName } from './catalogue-entry.ts';

/**
 * The catalogue's parts, one per domain. A new part is added here and in
 * ERRORS below; the check after them fails the build if two parts share a key
 * (the spread would silently keep only the later one).
 */
type Parts = [
  typeof PLATFORM_ERRORS,
  typeof TOURNAMENT_ERRORS,
  typeof ACCOUNT_ERRORS,
  typeof ADMIN_ERRORS,
  typeof ANNOTATED_ERRORS,
  typeof COLLECTION_ERRORS,
  typeof MODERATION_ERRORS,
  typeof MONITORING_ERRORS,
  typeof STORAGE_ERRORS,
];

/** The whole catalogue: its parts, which share no key (checked below). */
export const ERRORS = {
  ...PLATFORM_ERRORS,
  ...TOURNAMENT_ERRORS,
  ...ACCOUNT_ERRORS,
  ...ADMIN_ERRORS,
  ...ANNOTATED_ERRORS,
  ...COLLECTION_ERRORS,
  ...MODERATION_ERRORS,
  ...MONITORING_ERRORS,
  ...STORAGE_ERRORS,
} as const;

/** Keys found in more than one of the parts. */
type SharedKeys<
  P extends readonly object[],
  Seen extends PropertyKey = never,
> = P extends readonly [infer Head extends object, ...infer Rest extends readonly object[]]
  ? Extract<keyof Head, Seen> | SharedKeys<Rest, Seen | keyof Head>
  : never;
const _partsShareNoKey: [SharedKeys<Parts>] extends [never] ? true : false = true;

export type ErrorKey = keyof typeof ERRORS;

/** One parameter of a catalogue text. */
export type ErrorParam = string | number;

/** One parameter per marker: a text with $1 and $2 takes two. */
type ParamsOf<T extends string, Acc extends ErrorParam[] = []> = T extends `${string}$${[
  ...Acc,
  ErrorParam,
]['length']}${string}`
  ? ParamsOf<T, [...Acc, ErrorParam]>
  : Acc;

/** The parameters a key's text takes, as a tuple. */
export type ErrorParams<K extends ErrorKey> = ParamsOf<(typeof ERRORS)[K]['text']>;

/** The Connect codes a key may be sent with. */
export type ConnectCodeOf<K extends ErrorKey> = Extract<
  (typeof ERRORS)[K]['connect'] extends readonly (infer One)[]
    ? One
    : (typeof ERRORS)[K]['connect'],
  ConnectCodeName
>;

/** A key's usual Connect code: its only one, or the first of its list. */
export function connectCode(key: ErrorKey): ConnectCodeName {
  const c: CatalogueEntry['connect'] = ERRORS[key].connect;
  return typeof c === 'string' ? c : c[0];
}

/** Whether a key may be sent with a Connect code. */
export function allowsConnectCode(key: ErrorKey, code: ConnectCodeName): boolean {
  const c: CatalogueEntry['connect'] = ERRORS[key].connect;
  return typeof c === 'string' ? c === code : c.includes(code);
}

const textByCode = new Map<number, string>(Object.values(ERRORS).map((e) => [e.code, e.text]));

/** The wire form: "<code>;<param1>;...". Semicolons inside parameters are replaced. */
export function errorMessage(key: ErrorKey, ...params: (string | number)[]): string {
  return [ERRORS[key].code, ...params.map((p) => String(p).replaceAll(';', ','))].join(';');
}

/** What the user sees for a wire message; unknown codes and free text come back unchanged. */
export function renderError(message: string): string {
  const [head, ...params] = message.split(';');
  const text = /^\d+$/.test(head) ? textByCode.get(Number(head)) : undefined;
  if (text === undefined) return message;
  return text.replace(/\$(\d+)/g, (_, n: string) => params[Number(n) - 1] ?? '');
}
