import { lazy } from 'react';
import { lazyPage } from '../../app/lazy-page.tsx';

// The game feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

export { graphUrlFor } from './analysis/graph-url.ts';

// Loaded on demand, each in its own chunk (app/routes.tsx says why).
export const EmbedGamePage = lazyPage(() => import('./EmbedGamePage.tsx'), 'EmbedGamePage');
export const GamePage = lazyPage(() => import('./GamePage.tsx'), 'GamePage');

/**
 * A game from its record in the room's examine mode (the annotated game view):
 * loaded on demand, so wrap it in Suspense.
 */
export const RecordRoom = lazy(async () => ({
  default: (await import('./room/RecordRoom.tsx')).RecordRoom,
}));
