/**
 * A tournament's address (docs/product/tournaments.md §2): /tournament/<name>
 * or /club/<name>, both leading to the same page; the name is 1 to 100 of
 * A-Z, a-z, 0-9, _ and -.
 */
const NAME = '[A-Za-z0-9_-]';
const SLUG = new RegExp(`^/(tournament|club)/${NAME}{1,100}$`);
const PAGE = new RegExp(`^/(?:tournament|club)/(${NAME}{1,100})`);
const IN_URL = new RegExp(`(?:^|/)(tournament|club)/(${NAME}+)`);
const PREFIX = /^\/(tournament|club)\//;

/** Whether a slug is well formed. */
export const isSlug = (slug: string): boolean => SLUG.test(slug);

/** The slug a director typed: a bare name takes the prefix of the event's type. */
export function normalizeSlug(raw: string, club: boolean): string {
  const s = raw.trim();
  if (s.startsWith('/')) return s;
  return `/${club ? 'club' : 'tournament'}/${s}`;
}

/** A slug's name: '/club/madison' → 'madison'; a bare name stays as it is. */
export const slugName = (slug: string): string => slug.replace(PREFIX, '');

/** The name of the tournament a page's path is under ('/tournament/x/standings' → 'x'). */
export function slugNameOfPath(path: string): string | undefined {
  return PAGE.exec(path)?.[1];
}

/**
 * The slug in a pasted address: "https://tessera.example/tournament/spring-open/standings"
 * or "/club/madison" → "/tournament/spring-open", "/club/madison"; '' when it
 * names no tournament page.
 */
export function slugFromUrl(input: string): string {
  const m = IN_URL.exec(input.trim());
  return m ? `/${m[1]}/${m[2]}` : '';
}

/** The realm of a tournament's page (presence, chat, live updates), from its slug or name. */
export const tournamentRealm = (slugOrName: string): string => `tournament.${slugName(slugOrName)}`;
