import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** A puzzle's address, keeping the chosen theme (?theme=bingo). */
export function puzzlePath(puzzleId: string, theme: string | null): string {
  const query = theme ? `?theme=${encodeURIComponent(theme)}` : '';
  return `/puzzle/${encodeURIComponent(puzzleId)}${query}`;
}

/** Goes to a puzzle the server picked. */
export function useGoToPuzzle(theme: string | null) {
  const navigate = useNavigate();
  return useCallback(
    (puzzleId: string, replace = false) => navigate(puzzlePath(puzzleId, theme), { replace }),
    [navigate, theme],
  );
}
