// The comments feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

export { CommentsDrawer, DELETE_COMMENT_TEXT } from './CommentsDrawer.tsx';
export { byEvent, discussionLink, preview, useGameComments } from './use-game-comments.ts';
export { useDrawerParam } from './use-drawer-param.ts';
