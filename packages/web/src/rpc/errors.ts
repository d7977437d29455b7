import { ConnectError } from '@connectrpc/connect';
import { renderError } from '@tessera/protocol';

/** What a failure that did not come from the server shows (docs/product/gameplay.md §8). */
export const UNKNOWN_ERROR = 'Unknown error; see console.';

/**
 * What the user sees for a failed call: the server's message rendered through
 * the error catalogue ("<code>;<params>" becomes its text; anything else is
 * shown unchanged, docs/product/community.md §8). A failure that is not the server's
 * answer (a bug in the page) is logged and shows "Unknown error; see console."
 */
export function errorText(err: unknown): string {
  if (!(err instanceof ConnectError)) {
    console.error(err);
    return UNKNOWN_ERROR;
  }
  return renderError(err.rawMessage);
}
