/**
 * The Add players form's rows (docs/product/tournaments.md §5 "Add
 * players"): names are trimmed and empty rows skipped; a row needs a
 * username and, when ratings are used, a rating; a rating that is not a
 * number counts as 0. A row may also give the player's name as printed
 * (exports, scorecards, the kiosk) and their class; the server has the last
 * word on both (errors 1277, 1278), the checks here only name the row early.
 */
export interface PlayerRow {
  username: string;
  rating: string;
  /** "Smylie, Jackson"; empty = the username. */
  name?: string;
  /** "A", "B" ...; empty = none. */
  className?: string;
}

export interface NewPerson {
  id: string;
  rating: number;
  name?: string;
  className?: string;
}

export type RowsResult = { ok: true; persons: NewPerson[] } | { ok: false; errors: string[] };

export const ADD_SOME_PLAYERS = 'Add some players first.';
export const BAD_NAME = 'Names are 1 to 40 characters, without ; or #, and do not end in a number';
export const BAD_CLASS = 'Classes are 1 to 8 letters or digits';

const NAME_MAX = 40;

export function nameError(name: string): boolean {
  return name.length > NAME_MAX || /[;#\p{Cc}]/u.test(name) || /(^|\s)-?\d+$/.test(name);
}

export function checkRows(rows: readonly PlayerRow[], withRatings: boolean): RowsResult {
  const errors: string[] = [];
  const persons: NewPerson[] = [];
  rows.forEach((r, i) => {
    const username = r.username.trim();
    const rating = r.rating.trim();
    const name = (r.name ?? '').trim().replace(/\s+/g, ' ');
    const className = (r.className ?? '').trim();
    if (!username && !rating && !name && !className) return;
    const row = `Row ${i + 1}: `;
    if (!username) errors.push(`${row}Missing username`);
    else if (withRatings && !rating) errors.push(`${row}Missing rating`);
    else if (name && nameError(name)) errors.push(row + BAD_NAME);
    else if (className && !/^[\p{L}\p{N}]{1,8}$/u.test(className)) errors.push(row + BAD_CLASS);
    else {
      const n = Number(rating);
      persons.push({
        id: username,
        rating: withRatings && Number.isFinite(n) ? Math.round(n) : 0,
        ...(name && { name }),
        ...(className && { className }),
      });
    }
  });
  if (errors.length) return { ok: false, errors };
  if (persons.length === 0) return { ok: false, errors: [ADD_SOME_PLAYERS] };
  return { ok: true, persons };
}
