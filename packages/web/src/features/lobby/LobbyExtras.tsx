import { Announcements } from './Announcements.tsx';
import { MyRatings } from './MyRatings.tsx';
import { PuzzlePreview } from '../puzzle/index.ts';

/**
 * The lobby's right column (docs/product/gameplay.md §2 "Lobby"): announcements, the user's
 * ratings and a puzzle preview.
 */
export function LobbyExtras() {
  return (
    <>
      <Announcements />
      <MyRatings />
      <PuzzlePreview />
    </>
  );
}
