import { lazyPage } from '../../app/lazy-page.tsx';

// The editor feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

// Loaded on demand, each in its own chunk (app/routes.tsx says why).
export const EditorPage = lazyPage(() => import('./EditorPage.tsx'), 'EditorPage');

/** Saves an annotated (or finished) game's GCG file. */
export { DownloadGcgButton } from './DownloadGcgButton.tsx';

/** The scanner's return leg: which lexicons an import offers, and whether a GCG names one. */
export { useImportLexicons } from './use-lexicon-names.ts';
export { namesLexicon } from './editor-data.ts';
