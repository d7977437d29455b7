/** The settings sections in menu order (docs/product/community.md §2.5); preferences is the default. */
export const SETTINGS_SECTIONS = [
  {
    id: 'personal',
    title: 'Personal info',
    about: 'Your name, avatar, bio, birth date, e-mail and country; closing your account.',
  },
  { id: 'password', title: 'Change password', about: 'Change your password.' },
  {
    id: 'preferences',
    title: 'Preferences',
    about: 'Tile order, tile and board styles, dark mode and turn notifications.',
  },
  {
    id: 'integrations',
    title: 'Integrations',
    about: 'Accounts you have linked at membership and streaming platforms.',
  },
  {
    id: 'blocked',
    title: 'Blocked players',
    about: 'Players you have blocked, and unblocking them.',
  },
  {
    id: 'secret',
    title: 'Secret features',
    about: 'Experimental toggles for the board and the site.',
  },
  { id: 'api', title: 'API', about: 'Your API key, and resetting it.' },
  { id: 'logout', title: 'Log out', about: '' },
  {
    id: 'donate',
    title: 'Support Tessera',
    about: 'One-time donations and monthly support keep Tessera free.',
  },
] as const;

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

export const DEFAULT_SECTION: SettingsSectionId = 'preferences';

/** Sections a logged-out visitor may open. */
export const PUBLIC_SECTIONS: ReadonlySet<string> = new Set<SettingsSectionId>(['donate']);
