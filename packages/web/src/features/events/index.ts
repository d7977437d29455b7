// The events feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

export { clubsOf, upcomingOf, whenText } from './event-list.ts';
export { EventRows } from './EventRows.tsx';
export { EventsPage } from './EventsPage.tsx';
export { upcomingTournamentsQuery } from './queries.ts';
