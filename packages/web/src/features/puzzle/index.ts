import { lazyPage } from '../../app/lazy-page.tsx';

// The puzzle feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

export {
  PUZZLE_JOB_LOG_PAGE,
  PUZZLE_TAGS,
  puzzleJobLogsQuery,
  tagLabel,
} from './puzzle-queries.ts';
export { PuzzlePreview } from './PuzzlePreview.tsx';

// Loaded on demand, each in its own chunk (app/routes.tsx says why).
export const PuzzlePage = lazyPage(() => import('./PuzzlePage.tsx'), 'PuzzlePage');
export const PuzzleHistoryPage = lazyPage(
  () => import('./PuzzleHistoryPage.tsx'),
  'PuzzleHistoryPage',
);
