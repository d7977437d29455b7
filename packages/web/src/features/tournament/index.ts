import { lazyPage } from '../../app/lazy-page.tsx';

// The tournament feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

export { BackToTournament } from './BackToTournament.tsx';
export { CLUB_FIELDS } from './club/club-request.ts';
export { BrandingFields, DescriptionField } from './director/fields.tsx';
export { localInput } from './director/SettingsTool.tsx';
export { kindOf, typeOf } from './from-proto.ts';
export { InfoPanel } from './InfoPanel.tsx';
export { SUCCESS } from './messages.ts';
export { parseDirectors, type TournamentMeta, type TournamentType } from './model.ts';
export { MANAGE_PERMISSION } from './roles.ts';

// Loaded on demand, each in its own chunk (app/routes.tsx says why).
export const TournamentPage = lazyPage(() => import('./TournamentPage.tsx'), 'TournamentRoutePage');
export const ClubPage = lazyPage(() => import('./TournamentPage.tsx'), 'ClubRoutePage');
