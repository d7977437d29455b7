import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GameCommentsChangedSchema, MessageType, type GameComment } from '@tessera/protocol';
import { useEffect } from 'react';
import { useServices } from '../../app/services.tsx';

export const gameCommentsKey = (gameId: string) => ['game-comments', gameId] as const;

/**
 * A game's comments, reloaded whenever the server says they changed
 * (GAME_COMMENTS_CHANGED reaches everyone on the game's page) and after each
 * add, edit or delete of one's own (docs/product/community.md §4.12).
 */
export function useGameComments(gameId: string, enabled = true) {
  const { api, socket } = useServices();
  const queries = useQueryClient();
  const q = useQuery({
    queryKey: gameCommentsKey(gameId),
    queryFn: async () => (await api.gameComments.getGameComments({ gameId })).comments,
    enabled,
    // Fetching comments failure is only logged (§8): no retry storm, no alert.
    retry: false,
  });
  useEffect(
    () =>
      socket.on(MessageType.GAME_COMMENTS_CHANGED, GameCommentsChangedSchema, (m) => {
        if (m.gameId === gameId)
          void queries.invalidateQueries({ queryKey: gameCommentsKey(gameId) });
      }),
    [socket, queries, gameId],
  );
  useEffect(() => {
    if (q.error) console.warn('Could not load the comments', q.error);
  }, [q.error]);
  return q.data ?? [];
}

/** Comments per event index. */
export function byEvent(comments: readonly GameComment[]): Map<number, GameComment[]> {
  const m = new Map<number, GameComment[]>();
  for (const c of comments) m.set(c.eventNumber, [...(m.get(c.eventNumber) ?? []), c]);
  return m;
}

/** A preview of a comment: at most `max` characters, then an ellipsis. */
export function preview(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The page a game's discussion is on: the game page, or the annotated game view. */
export type DiscussionPage = 'game' | 'anno';

/** The shared link to the discussion of an event: turn = index + 2, comments = index + 1 (§2.10). */
export function discussionLink(
  origin: string,
  gameId: string,
  eventIndex: number,
  page: DiscussionPage = 'game',
): string {
  return `${origin}/${page}/${gameId}?turn=${eventIndex + 2}&comments=${eventIndex + 1}`;
}
