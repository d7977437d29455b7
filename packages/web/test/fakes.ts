import { Code, ConnectError, createRouterTransport, type ConnectRouter } from '@connectrpc/connect';
import { waitFor } from '@testing-library/react';
import {
  AuthenticationService,
  errorMessage,
  RegistrationService,
  type RegisterRequest,
} from '@tessera/protocol';
import type { SocketLike } from '../src/realtime/socket-client.ts';

/**
 * A stand-in for the server's account calls, speaking the real Connect
 * protocol over an in-memory transport: it keeps users and a "cookie" (who
 * is logged in) and fails the way the server contract says, with
 * "<code>;<params>" messages.
 */
export function fakeAccountServer(
  options: {
    loggedInAs?: string;
    /** Permissions of the logged-in user ("adm" for an administrator). */
    perms?: string[];
    /** The logged-in user is a child account (the birth-date warning). */
    child?: boolean;
    /** More services on the same in-memory router (social, words ...). */
    extra?: (router: ConnectRouter) => void;
  } = {},
) {
  const users = new Map<string, { password: string; userId: string }>();
  const registered: RegisterRequest[] = [];
  const apiKeys = new Map<string, string>();
  const resetRequests: string[] = [];
  /** Reset code → username. */
  const resetCodes = new Map<string, string>();
  let current: string | null = null;
  let nextId = 1;
  /** Username → the end of an account suspension (ISO, UTC), as moderation refuses sign-in. */
  const suspendedUntil = new Map<string, string>();

  function addUser(username: string, password: string) {
    users.set(username.toLowerCase(), { password, userId: `u${nextId++}` });
  }
  if (options.loggedInAs) {
    addUser(options.loggedInAs, 'correct horse');
    current = options.loggedInAs.toLowerCase();
  }

  const transport = createRouterTransport((router) => {
    router.service(AuthenticationService, {
      login(req) {
        const user = users.get(req.username.toLowerCase());
        if (!user || user.password !== req.password) {
          throw new ConnectError(errorMessage('LOGIN_FAILED'), Code.Unauthenticated);
        }
        const until = suspendedUntil.get(req.username.toLowerCase());
        if (until) {
          throw new ConnectError(
            errorMessage('MOD_ACCOUNT_SUSPENDED_UNTIL', until),
            Code.PermissionDenied,
          );
        }
        current = req.username.toLowerCase();
        return { message: 'ok', sessionId: 'session' };
      },
      logout() {
        current = null;
        return {};
      },
      getSession() {
        if (current === null) return { loggedIn: false };
        return {
          loggedIn: true,
          username: current,
          userId: users.get(current)!.userId,
          perms: options.perms ?? [],
          isChild: options.child ?? false,
        };
      },
      changePassword(req) {
        const user = current === null ? undefined : users.get(current);
        if (!user) throw new ConnectError(errorMessage('NOT_LOGGED_IN'), Code.Unauthenticated);
        if (user.password !== req.oldPassword) {
          throw new ConnectError(errorMessage('OLD_PASSWORD_WRONG'), Code.InvalidArgument);
        }
        user.password = req.newPassword;
        return {};
      },
      resetPasswordStep1(req) {
        if (!req.email.trim()) {
          throw new ConnectError(errorMessage('EMAIL_REQUIRED'), Code.InvalidArgument);
        }
        resetRequests.push(req.email);
        return {};
      },
      resetPasswordStep2(req) {
        const username = resetCodes.get(req.resetCode);
        if (username === undefined) {
          throw new ConnectError(errorMessage('RESET_CODE_INVALID'), Code.InvalidArgument);
        }
        resetCodes.delete(req.resetCode);
        users.get(username)!.password = req.password;
        return {};
      },
      getAPIKey(req) {
        if (current === null)
          throw new ConnectError(errorMessage('NOT_LOGGED_IN'), Code.Unauthenticated);
        if (req.reset || !apiKeys.has(current)) apiKeys.set(current, `key-${current}-${nextId++}`);
        return { key: apiKeys.get(current)! };
      },
      getSocketToken() {
        return { token: current ? `token-for-${current}` : '', cid: 'c1', frontEndVersion: '' };
      },
    });
    router.service(RegistrationService, {
      register(req) {
        if (users.has(req.username.toLowerCase())) {
          throw new ConnectError(errorMessage('USERNAME_TAKEN'), Code.AlreadyExists);
        }
        registered.push(req);
        addUser(req.username, req.password);
        current = req.username.toLowerCase();
        return {};
      },
    });
    options.extra?.(router);
  });

  return {
    transport,
    addUser,
    passwordOf: (username: string) => users.get(username.toLowerCase())?.password,
    registered,
    /** The addresses step 1 of a password reset was asked for. */
    resetRequests,
    /** Makes a reset code for a user, as the server's e-mail would carry. */
    issueResetCode: (username: string, code: string) => {
      resetCodes.set(code, username.toLowerCase());
    },
    whoIsLoggedIn: () => current,
    /** A moderator suspends the account until `isoUtc`: sign-in is refused with that end. */
    suspend: (username: string, isoUtc: string) => {
      suspendedUntil.set(username.toLowerCase(), isoUtc);
    },
    /** The session ends on the server's side (expired, or logged out in another tab). */
    endSession: () => {
      current = null;
    },
  };
}

/** A websocket the test drives by hand: it opens, talks and closes when told to. */
export class FakeSocket implements SocketLike {
  static made: FakeSocket[] = [];
  binaryType: BinaryType = 'blob';
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  readonly sent: Uint8Array[] = [];
  closed = false;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  static latest(): FakeSocket {
    return FakeSocket.made[FakeSocket.made.length - 1];
  }

  /** The socket the client is using now: the newest one it has not let go of. */
  static async live(): Promise<FakeSocket> {
    return waitFor(() => {
      const socket = FakeSocket.latest();
      if (!socket || socket.closed || socket.onopen === null) throw new Error('no live socket');
      return socket;
    });
  }

  send(data: Uint8Array): void {
    this.sent.push(data);
  }

  close(): void {
    this.closed = true;
  }

  /** Server side: accept the connection. */
  accept(): void {
    this.onopen?.(new Event('open'));
  }

  /** Server side: deliver one websocket frame. */
  deliver(bytes: Uint8Array): void {
    const data = bytes.slice().buffer;
    this.onmessage?.({ data } as MessageEvent);
  }

  /** Server side: drop the connection. */
  drop(): void {
    this.onclose?.({ code: 1006 } as CloseEvent);
  }
}
