import { slugFromUrl } from '@tessera/tournament';
import type { TournamentType } from '../tournament/index.ts';

/** The slug in a pasted address (one definition, shared with the server). */
export { slugFromUrl };

/**
 * The admin tournament editor's form (docs/product/tournaments.md §2 "Admin
 * tournament editor"): what it holds, how a pasted URL becomes a slug, and
 * its checks.
 */
export interface TournamentFormValues {
  name: string;
  slug: string;
  type: TournamentType;
  description: string;
  disclaimer: string;
  logo: string;
  color: string;
  /** Comma-separated; the first becomes the executive director. */
  directors: string;
  start: string;
  end: string;
  /** Club settings members may choose themselves. */
  freeformFields: string[];
}

export const EMPTY_FORM: TournamentFormValues = {
  name: '',
  slug: '',
  type: 'standard',
  description: '',
  disclaimer: '',
  logo: '',
  color: '',
  directors: '',
  start: '',
  end: '',
  freeformFields: [],
};

/** The slug a new event gets from its name when none is typed. */
export function slugFromName(type: TournamentType, name: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return base ? `/${type === 'club' ? 'club' : 'tournament'}/${base}` : '';
}

export type FormErrors = Partial<Record<keyof TournamentFormValues, string>>;

export function validateForm(v: TournamentFormValues, creating: boolean): FormErrors {
  const e: FormErrors = {};
  if (!v.name.trim()) e.name = 'You must enter a name for the tournament.';
  if (creating && !slugFromUrl(v.slug || slugFromName(v.type, v.name)))
    e.slug = 'The address must be /tournament/<name> or /club/<name>.';
  if (creating && !directorList(v.directors).length) e.directors = 'Username is required.';
  if (v.start && v.end && new Date(v.start) > new Date(v.end))
    e.end = 'The scheduled start must be before the scheduled end.';
  return e;
}

export function directorList(s: string): string[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}
