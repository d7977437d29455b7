// The collections feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

export { CollectionPage } from './CollectionPage.tsx';
export { AddToCollectionModal } from './AddToCollectionModal.tsx';
export { GameCollections } from './GameCollections.tsx';
export { CollectionTab, collectionFromUrl } from './CollectionTab.tsx';
