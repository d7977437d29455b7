import { lazyPage } from '../../app/lazy-page.tsx';

// The tile-images feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

// Loaded on demand (a developer tool; it brings the board's stylesheet).
export const TileImagesPage = lazyPage(() => import('./TileImagesPage.tsx'), 'TileImagesPage');
