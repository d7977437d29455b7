import {
  ERRORS,
  connectCode,
  errorMessage,
  type ConnectCodeName,
  type ConnectCodeOf,
  type ErrorKey,
  type ErrorParam,
  type ErrorParams,
} from './errors.ts';

/**
 * A rule's "no" as a value: a catalogue key and its parameters. Domain code
 * throws or returns it; only the edges turn it into something else (the
 * server's Connect interceptor into a ConnectError with the key's Connect
 * code, the socket gateway into an ERROR_MESSAGE). Its message is the wire
 * form "<code>;<params>", so a log line shows what the client was told.
 */
export class Refusal<K extends ErrorKey = ErrorKey> extends Error {
  readonly key: K;
  readonly params: readonly ErrorParam[];
  /** The Connect code a call answers with: the key's usual one unless chosen with `as`. */
  readonly connect: ConnectCodeName;

  /** For a key known only at run time; `refuse` checks the parameters' count. */
  constructor(key: K, params: readonly ErrorParam[], connect?: ConnectCodeName) {
    super(errorMessage(key, ...params));
    this.name = 'Refusal';
    this.key = key;
    this.params = params;
    this.connect = connect ?? connectCode(key);
  }

  /** The same refusal sent with another of the Connect codes its key lists. */
  as(connect: ConnectCodeOf<K>): Refusal<K> {
    return new Refusal(this.key, this.params, connect);
  }
}

/** A refusal of `key`, with exactly as many parameters as its text has markers. */
export function refuse<K extends ErrorKey>(key: K, ...params: ErrorParams<K>): Refusal<K> {
  return new Refusal(key, params);
}

/**
 * What the user reads for a refusal: its key's text with the parameters as
 * they are (the wire form, which `renderError` reads, replaces semicolons).
 */
export function refusalText(r: Refusal): string {
  return ERRORS[r.key].text.replace(/\$(\d+)/g, (_, n: string) =>
    String(r.params[Number(n) - 1] ?? ''),
  );
}

/** What a decision returns when returning reads better than throwing. */
export type Result<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };
