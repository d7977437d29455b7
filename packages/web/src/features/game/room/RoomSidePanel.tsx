import { useSession } from '../../../app/services.tsx';
import { gameChannel } from '../../../stores/channels.ts';
import { SidePanel } from '../../chat/index.ts';
import { useChat } from '../../../stores/use-chat.ts';
import type { PlayerSection } from '../../social/index.ts';

/**
 * The side panel of the game room (docs/product/gameplay.md §2 "Side panel tabs"):
 * the game's chat (players' or observers') and who is here, OPPONENT and
 * OBSERVERS, from the presence lists of the game's two realms.
 */
export function RoomSidePanel({ gameId, player }: { gameId: string; player: boolean }) {
  const session = useSession();
  const { presence } = useChat();
  const me = session.userId;
  const players = presence[`game.${gameId}`]?.users ?? [];
  const watchers = presence[`gametv.${gameId}`]?.users ?? [];
  const sections: PlayerSection[] = [
    {
      heading: player ? 'OPPONENT' : 'PLAYERS',
      people: players
        .filter((u) => u.uuid !== me)
        .map((u) => ({ person: { uuid: u.uuid, username: u.username }, activity: 'Playing' })),
    },
    {
      heading: 'OBSERVERS',
      people: watchers
        .filter((u) => u.uuid !== me)
        .map((u) => ({ person: { uuid: u.uuid, username: u.username }, activity: 'Watching' })),
    },
  ].filter((s) => s.people.length > 0);
  return (
    <SidePanel
      context={player ? 'game' : 'observer'}
      channel={gameChannel(gameId, !player)}
      sections={sections}
    />
  );
}
