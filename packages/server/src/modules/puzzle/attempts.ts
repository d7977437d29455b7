import { refuse } from '@tessera/protocol';
import type { AttemptRow, PuzzleRow } from './migrations.ts';
import { rateAttempt, type Status } from './rules.ts';
import type { PuzzleStore } from './store.ts';

export type Submission = { giveUp: true } | { giveUp: false; correct: boolean };

export interface Outcome {
  attempt: AttemptRow;
  /** This submission was the rated first attempt. */
  rated: boolean;
}

/**
 * Records an answer or a surrender (docs/product/gameplay.md §4 "Puzzle
 * states"). Wrong answers keep the puzzle UNANSWERED and count; a correct one
 * makes it CORRECT; giving up makes it INCORRECT. Only the first submission is
 * rated (giving up before any answer is rated as a miss, so the solution
 * cannot be looked at for free); the attempt row and both ratings are locked
 * so two submissions cannot rate twice.
 */
export async function submit(
  store: PuzzleStore,
  userId: string,
  puzzle: PuzzleRow,
  s: Submission,
): Promise<Outcome> {
  return store.db.transaction().execute(async (tx) => {
    const a = await tx
      .selectFrom('puzzle_attempts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('puzzle_id', '=', puzzle.id)
      .forUpdate()
      .executeTakeFirst();
    if (!a) throw refuse('PUZZLE_ATTEMPT_MISSING', puzzle.id);
    if (a.status !== 'UNANSWERED') throw refuse('PUZZLE_ALREADY_ANSWERED');
    const first = a.attempts === 0;
    const correct = !s.giveUp && s.correct;
    const status: Status = s.giveUp ? 'INCORRECT' : correct ? 'CORRECT' : 'UNANSWERED';
    const now = new Date();
    const next: Partial<AttemptRow> = {
      status,
      attempts: s.giveUp ? a.attempts : a.attempts + 1,
      last_attempt_at: s.giveUp ? a.last_attempt_at : now,
    };
    if (first) {
      const p = await tx
        .selectFrom('puzzles')
        .select(['rating', 'deviation', 'volatility'])
        .where('id', '=', puzzle.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const before = await tx
        .selectFrom('puzzle_ratings')
        .select(['rating', 'deviation', 'volatility'])
        .where('user_id', '=', userId)
        .where('lexicon', '=', puzzle.lexicon)
        .forUpdate()
        .executeTakeFirst();
      const user = before ?? (await store.userRating(userId, puzzle.lexicon, tx));
      const after = rateAttempt(user, p, correct);
      await tx.updateTable('puzzles').set(after.puzzle).where('id', '=', puzzle.id).execute();
      await store.saveUserRating(tx, userId, puzzle.lexicon, after.user);
      Object.assign(next, {
        first_attempt_correct: correct,
        first_attempt_at: now,
        user_rating_after: after.user.rating,
        user_deviation_after: after.user.deviation,
        puzzle_rating_after: after.puzzle.rating,
      });
    }
    const attempt = await tx
      .updateTable('puzzle_attempts')
      .set(next)
      .where('user_id', '=', userId)
      .where('puzzle_id', '=', puzzle.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { attempt, rated: first };
  });
}
