import { useParams } from 'react-router';
import { GameRoom } from './room/GameRoom.tsx';

/** /game/{id}: watch, play or resume a game (loaded on demand, with the engine). */
export function GamePage() {
  const { id = '' } = useParams();
  return <GameRoom key={id} gameId={id} />;
}
