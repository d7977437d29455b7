/**
 * A pasted player list for Add players (issue 36, item 19; decision 0151):
 * one player per line, read here into the same rows the form sends, with an
 * error per line the director can fix before anything is added. The server
 * checks everything again (AddPlayers, errors 1263, 1277, 1278, 1293, 1318,
 * 1319); only it knows which usernames exist.
 *
 * Accepted lines (blank lines and lines starting with # are skipped):
 *   alice 1830                  username, then rating
 *   alice 1830 Alice Smith      ... then the name as printed
 *   alice,1830                  comma: username, rating, the rest is the name
 *   alice,1830,Smith, Alice
 *   alice;1830;Smith, Alice;A   semicolon: username, rating, name, class
 *   alice<Tab>1830<Tab>Smith, Alice<Tab>A   (cells pasted from a spreadsheet)
 * Without ratings, a line may be the username alone.
 */
import { BAD_CLASS, BAD_NAME, nameError, type NewPerson } from './player-rows.ts';

/** The highest rating the server accepts (errors 1319). */
export const RATING_MAX = 4000;
/** The most players one list may add (a division's cap, error 1293). */
export const PASTE_MAX = 1000;

export const PASTE_FORMATS = [
  'alice 1830',
  'alice 1830 Alice Smith',
  'alice,1830,Smith, Alice',
  'alice;1830;Smith, Alice;A',
] as const;

export interface PastedLine {
  /** 1-based, as the director counts the lines of the box. */
  line: number;
  text: string;
  person?: NewPerson;
  error?: string;
}

const USERNAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

/** The fields of one line, by its separator. */
function fields(text: string): string[] {
  if (text.includes('\t')) return text.split('\t');
  if (text.includes(';')) return text.split(';');
  if (text.includes(',')) {
    const [username, rating, ...name] = text.split(',');
    return [username, rating ?? '', name.join(',')];
  }
  const [username, rating = '', ...name] = text.split(/\s+/);
  return [username, rating, name.join(' ')];
}

function readLine(text: string, withRatings: boolean): Omit<PastedLine, 'line' | 'text'> {
  const [rawUser = '', rawRating = '', rawName = '', rawClass = '', ...extra] = fields(text).map(
    (f) => f.trim(),
  );
  const username = rawUser;
  const name = rawName.replace(/\s+/g, ' ');
  if (extra.some((f) => f)) return { error: 'Too many fields: username, rating, name, class' };
  if (!USERNAME.test(username))
    return { error: `"${username}" is not a username (letters, digits, . _ -)` };
  let rating = 0;
  if (rawRating || withRatings) {
    if (!rawRating) return { error: 'Missing rating' };
    const n = Number(rawRating);
    if (!/^\d+$/.test(rawRating) || n > RATING_MAX)
      return {
        error: `"${rawRating}" is not a rating: write the username, then a whole number from 0 to ${RATING_MAX}`,
      };
    rating = withRatings ? n : 0;
  }
  if (name && nameError(name)) return { error: BAD_NAME };
  if (rawClass && !/^[\p{L}\p{N}]{1,8}$/u.test(rawClass)) return { error: BAD_CLASS };
  return {
    person: {
      id: username,
      rating,
      ...(name && { name }),
      ...(rawClass && { className: rawClass }),
    },
  };
}

/**
 * Reads the pasted text: a line per non-blank, non-comment line, with its
 * player or its error. `taken` maps the usernames already in the tournament
 * (lower case) to their division: such a player, or one listed twice, is an
 * error on the line.
 */
export function readPastedList(
  text: string,
  withRatings: boolean,
  taken: ReadonlyMap<string, string> = new Map(),
): PastedLine[] {
  const out: PastedLine[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const read: PastedLine = { line: i + 1, text: line, ...readLine(line, withRatings) };
    const key = read.person?.id.toLowerCase();
    if (key !== undefined) {
      const division = taken.get(key);
      const earlier = seen.get(key);
      if (division !== undefined) {
        read.error = `${read.person!.id} already plays in division ${division}`;
        delete read.person;
      } else if (earlier !== undefined) {
        read.error = `${read.person!.id} is listed twice (line ${earlier})`;
        delete read.person;
      } else seen.set(key, i + 1);
    }
    out.push(read);
  });
  if (out.length > PASTE_MAX)
    for (const l of out.slice(PASTE_MAX)) {
      l.error = `A division holds at most ${PASTE_MAX} players`;
      delete l.person;
    }
  return out;
}

/** The line a server refusal names ("User bob not found."), by the username in its text. */
export function lineNamed(lines: readonly PastedLine[], message: string): number | undefined {
  const words = new Set(
    message
      .toLowerCase()
      .split(/[^a-z0-9._-]+/)
      .map((w) => w.replace(/\.+$/, '')),
  );
  return lines.find((l) => l.person && words.has(l.person.id.toLowerCase()))?.line;
}
