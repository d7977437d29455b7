// The moderation feature's public face (docs/product/community.md §2.7, §4.9, §5):
// what other features import from it. ESLint refuses deep imports from outside.

export { ModerateModal, type ModeratedUser } from './ModerateModal.tsx';
export { OwnActionsNotice } from './OwnActionsNotice.tsx';
export { ReportsQueue } from './ReportsQueue.tsx';
export { useCanModerate, useModerationMenu, type ChatLineRef } from './use-moderation-menu.tsx';
