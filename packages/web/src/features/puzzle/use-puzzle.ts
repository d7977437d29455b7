import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ClientGameplayEvent_Type,
  PuzzleStatus,
  type GetPuzzleResponse,
  type PuzzleAnswer,
} from '@tessera/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { puzzleQuery } from './puzzle-queries.ts';
import { puzzleView } from './puzzle-view.ts';

/** What the Try again! modal says about the last wrong answer. */
export interface WrongAnswer {
  attempts: number;
  invalidWords: readonly string[];
}

export function isAnswered(answer: PuzzleAnswer | undefined): boolean {
  return answer?.status === PuzzleStatus.CORRECT || answer?.status === PuzzleStatus.INCORRECT;
}

/**
 * One puzzle being solved: the position, the user's answer state as the
 * server last told it, and the actions (an attempt, giving up, a vote).
 * Every answer goes to the server (PuzzleService.SubmitAnswer), which alone
 * knows the solution; the sounds follow its verdict.
 */
export function usePuzzle(puzzleId: string) {
  const { api, sounds, notifications } = useServices();
  const session = useSession();
  const queries = useQueryClient();
  const query = useQuery({ ...puzzleQuery(api, session.userId, puzzleId), enabled: !!puzzleId });
  const data = query.data;
  const [wrong, setWrong] = useState<WrongAnswer | null>(null);

  // The cached answer is updated in place, so a revisit shows the same state.
  const update = useCallback(
    (patch: Partial<GetPuzzleResponse>) =>
      queries.setQueryData(puzzleQuery(api, session.userId, puzzleId).queryKey, (old) =>
        old ? ({ ...old, ...patch } as GetPuzzleResponse) : old,
      ),
    [queries, api, session.userId, puzzleId],
  );

  const answer = data?.answer;
  const answered = isAnswered(answer);
  const solution = answered ? (answer?.correctAnswer ?? null) : null;
  const history = data?.history;
  const view = useMemo(
    () => (history ? puzzleView(puzzleId, history, solution) : null),
    [puzzleId, history, solution],
  );

  // The start sound, once per puzzle that is still to be solved.
  const started = useRef('');
  useEffect(() => {
    if (data && !answered && started.current !== puzzleId) {
      started.current = puzzleId;
      sounds.play('puzzleStart');
    }
  }, [data, answered, puzzleId, sounds]);

  const answering = useMutation({
    mutationFn: async ({ coords, tiles }: { coords: string; tiles: string | null }) => {
      const r = await api.puzzle.submitAnswer({
        puzzleId,
        showSolution: tiles === null,
        answer:
          tiles === null
            ? undefined
            : { type: ClientGameplayEvent_Type.TILE_PLACEMENT, positionCoords: coords, tiles },
      });
      // Tags are shown once the puzzle is answered; the page asks again for them.
      update({ answer: r.answer });
      if (r.userIsCorrect) {
        sounds.play('correct');
        void queries.invalidateQueries({ queryKey: ['puzzle', 'getPuzzleHistory'] });
      } else if (tiles !== null) {
        sounds.play('wrong');
        setWrong({ attempts: r.answer?.attempts ?? 0, invalidWords: r.invalidWords });
      }
      if (isAnswered(r.answer)) {
        const fresh = await api.puzzle.getPuzzle({ puzzleId });
        update({ tags: fresh.tags, rating: fresh.rating, answer: fresh.answer });
      }
    },
    onError: (err) => notifications.show('error', errorText(err)),
  });
  const { mutate, isPending: busy } = answering;
  const submit = useCallback(
    (coords: string, tiles: string | null) => {
      if (!busy) mutate({ coords, tiles });
    },
    [busy, mutate],
  );

  const vote = useCallback(
    async (value: number) => {
      try {
        const r = await api.puzzle.setPuzzleVote({ puzzleId, vote: value });
        update({ userVote: value, voteTotal: r.voteTotal });
      } catch (err) {
        notifications.show('error', errorText(err));
      }
    },
    [api, puzzleId, update, notifications],
  );

  return {
    query,
    data,
    view,
    answer,
    answered,
    solution,
    busy,
    wrong,
    closeWrong: () => setWrong(null),
    /** An attempt with a placement the engine accepted on the board. */
    solve: (coords: string, tiles: string) => submit(coords, tiles),
    /** Give up: the solution is shown and the puzzle counts as not solved. */
    giveUp: () => submit('', null),
    vote,
  };
}

export type PuzzleSolver = ReturnType<typeof usePuzzle>;
