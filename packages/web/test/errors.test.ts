import { Code, ConnectError } from '@connectrpc/connect';
import { errorMessage } from '@tessera/protocol';
import { describe, expect, it, vi } from 'vitest';
import { errorText, UNKNOWN_ERROR } from '../src/rpc/errors.ts';

describe('the text of a failed call', () => {
  it('renders a server error through the catalogue and shows raw server text unchanged', () => {
    const coded = new ConnectError(errorMessage('LOGIN_FAILED'), Code.Unauthenticated);
    expect(errorText(coded)).not.toMatch(/^\d+;/);
    expect(errorText(new ConnectError('the server says no', Code.Internal))).toBe(
      'the server says no',
    );
  });

  it('shows "Unknown error; see console." for a failure that is not the server’s, and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bug = new TypeError('x is undefined');
    expect(errorText(bug)).toBe(UNKNOWN_ERROR);
    expect(UNKNOWN_ERROR).toBe('Unknown error; see console.');
    expect(log).toHaveBeenCalledWith(bug);
    log.mockRestore();
  });
});
