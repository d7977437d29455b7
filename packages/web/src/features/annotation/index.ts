import { lazyPage } from '../../app/lazy-page.tsx';

// The annotation feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

// Loaded on demand, each in its own chunk (app/routes.tsx says why).
export const AnnotatedGamePage = lazyPage(
  () => import('./AnnotatedGamePage.tsx'),
  'AnnotatedGamePage',
);
