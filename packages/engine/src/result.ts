/**
 * Expected failures are values: every parser, validator and game action
 * returns a `Result`. `code` is a stable identifier the UI can map to a
 * message; `message` is an English explanation for logs and the CLI.
 * Exceptions are reserved for bugs.
 */
export type Result<T, C extends string = string> = Ok<T> | Err<C>;

export interface Ok<T> {
  readonly ok: true;
  readonly value: T;
}

export interface Err<C extends string = string> {
  readonly ok: false;
  readonly code: C;
  readonly message: string;
  /** 1-based line of the input the error is about, for text formats. */
  readonly line?: number;
}

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err<C extends string>(code: C, message: string, line?: number): Err<C> {
  return line === undefined ? { ok: false, code, message } : { ok: false, code, message, line };
}
