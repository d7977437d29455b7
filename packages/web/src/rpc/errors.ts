import { ConnectError } from '@connectrpc/connect';
import { renderError } from '@tessera/protocol';

/**
 * What the user sees for a failed call: the server's message rendered through
 * the error catalogue ("<code>;<params>" becomes its text; anything else is
 * shown unchanged, spec/community.md §8).
 */
export function errorText(err: unknown): string {
  const raw = ConnectError.from(err).rawMessage;
  return renderError(raw);
}
