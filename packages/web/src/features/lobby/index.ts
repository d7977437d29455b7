// The lobby feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

export { INITIAL_TIME_CHOICES, NOT_CONNECTED } from './constants.ts';
export { initialTimeText } from './format.ts';
export { ActiveGames } from './GameRows.tsx';
export { ChallengeRuleField, VariantField } from './GameRuleFields.tsx';
export { LobbyPage } from './LobbyPage.tsx';
export { MatchRequests } from './MatchRequests.tsx';
export { incomingMatches } from './selectors.ts';
export { useSeekEvents } from './use-seek-events.ts';
