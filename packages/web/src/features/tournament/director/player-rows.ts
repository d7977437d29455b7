/**
 * The Add players form's rows (docs/product/tournaments.md §5 "Add
 * players"): names are trimmed and empty rows skipped; a row needs a
 * username and, when ratings are used, a rating; a rating that is not a
 * number counts as 0.
 */
export interface PlayerRow {
  username: string;
  rating: string;
}

export type RowsResult =
  { ok: true; persons: { id: string; rating: number }[] } | { ok: false; errors: string[] };

export const ADD_SOME_PLAYERS = 'Add some players first.';

export function checkRows(rows: readonly PlayerRow[], withRatings: boolean): RowsResult {
  const errors: string[] = [];
  const persons: { id: string; rating: number }[] = [];
  rows.forEach((r, i) => {
    const username = r.username.trim();
    const rating = r.rating.trim();
    if (!username && !rating) return;
    if (!username) errors.push(`Row ${i + 1}: Missing username`);
    else if (withRatings && !rating) errors.push(`Row ${i + 1}: Missing rating`);
    else {
      const n = Number(rating);
      persons.push({ id: username, rating: withRatings && Number.isFinite(n) ? Math.round(n) : 0 });
    }
  });
  if (errors.length) return { ok: false, errors };
  if (persons.length === 0) return { ok: false, errors: [ADD_SOME_PLAYERS] };
  return { ok: true, persons };
}
