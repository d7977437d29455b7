import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { MessageType, NewGameEventSchema } from '@tessera/protocol';
import { useServices } from '../../app/services.tsx';

/**
 * When both players of a pairing are ready the server starts their game and
 * tells each of them with a NEW_GAME_EVENT that names no connection (it was
 * asked for by no seek); on the tournament page that takes the player to the
 * game. Seeks' games name their connections and are followed by the layout.
 */
export function useTournamentGameStart(): void {
  const { socket } = useServices();
  const navigate = useNavigate();
  useEffect(
    () =>
      socket.on(MessageType.NEW_GAME_EVENT, NewGameEventSchema, (m) => {
        if (m.requesterCid || m.accepterCid || !m.gameId) return;
        navigate(`/game/${encodeURIComponent(m.gameId)}`);
      }),
    [socket, navigate],
  );
}
