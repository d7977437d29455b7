import { useEffect } from 'react';
import { useLocation } from 'react-router';
import {
  ErrorMessageSchema,
  JoinPathSchema,
  MessageType,
  ServerMessageSchema,
  SessionInfoSchema,
} from '@tessera/protocol';
import { useServices } from '../../app/services.tsx';
import { refusalForReader } from '../../rpc/errors.ts';

/**
 * Runs the socket while the site chrome is on screen (embedded pages have no
 * socket), tells the server which page the user is on, and turns the
 * server's error and warning messages into notifications.
 */
export function useRealtime(): void {
  const { socket, notifications } = useServices();
  const { pathname } = useLocation();

  useEffect(() => {
    const offError = socket.on(MessageType.ERROR_MESSAGE, ErrorMessageSchema, (m) =>
      notifications.show('error', refusalForReader(m.message), { title: 'Error' }),
    );
    const offServer = socket.on(MessageType.SERVER_MESSAGE, ServerMessageSchema, (m) =>
      notifications.show('warning', m.message),
    );
    socket.start();
    return () => {
      offError();
      offServer();
      socket.stop();
    };
  }, [socket, notifications]);

  useEffect(() => {
    const join = () => socket.send(MessageType.JOIN_PATH, JoinPathSchema, { path: pathname });
    join();
    // A new connection (reconnect, login, logout) joins again once the server has said hello.
    return socket.on(MessageType.SESSION_INFO, SessionInfoSchema, join);
  }, [socket, pathname]);
}
