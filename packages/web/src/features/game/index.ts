import { lazyPage } from '../../app/lazy-page.tsx';

// The game feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

export { graphUrlFor } from './analysis/graph-url.ts';

// Loaded on demand, each in its own chunk (app/routes.tsx says why).
export const EmbedGamePage = lazyPage(() => import('./EmbedGamePage.tsx'), 'EmbedGamePage');
export const GamePage = lazyPage(() => import('./GamePage.tsx'), 'GamePage');
