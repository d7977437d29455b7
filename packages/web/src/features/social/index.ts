// The social feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

export { PetAvatar } from './pets.tsx';
export { PlayersPanel, type PlayerSection } from './PlayersPanel.tsx';
export { usePlayerSuggestions } from './use-player-suggestions.ts';
export { UserName } from './UserName.tsx';
export { DirectorHighlights } from './director-highlights.tsx';
export { badgeImage, BadgeIcon, NameTags } from './NameTags.tsx';
export {
  BADGE_HOLDERS_KEY,
  BADGES_METADATA_KEY,
  MOD_LIST_KEY,
  useNameTagData,
} from './use-name-tags.ts';
