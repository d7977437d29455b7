import { useSession } from '../../app/services.tsx';
import { SidePanel } from '../chat/index.ts';
import { useChat } from '../../stores/use-chat.ts';
import type { PlayerSection } from '../social/index.ts';

export const PUZZLE_CHANNEL = 'chat.puzzlelobby';
/** The server's realm for every /puzzle page (its presence list). */
export const PUZZLE_REALM = 'puzzle';

/**
 * The puzzle pages' side panel: the puzzle chat (chat.puzzlelobby) and who
 * else is solving, under SOLVING PUZZLES (docs/product/gameplay.md §2 "Side panel tabs").
 */
export function PuzzleSidePanel() {
  const session = useSession();
  const { presence } = useChat();
  const solving = (presence[PUZZLE_REALM]?.users ?? []).filter((u) => u.uuid !== session.userId);
  const sections: PlayerSection[] =
    solving.length > 0
      ? [
          {
            heading: 'SOLVING PUZZLES',
            people: solving.map((u) => ({
              person: { uuid: u.uuid, username: u.username },
              activity: 'Solving puzzles',
            })),
          },
        ]
      : [];
  return <SidePanel context="other" channel={PUZZLE_CHANNEL} sections={sections} />;
}
