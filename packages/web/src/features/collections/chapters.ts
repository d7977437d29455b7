import {
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Collection, CollectionGame } from '@tessera/protocol';
import { useServices } from '../../app/services.tsx';

/** Chapters per page in the viewer's list (the server pages them; a collection has no cap). */
export const CHAPTER_PAGE = 100;
/** Collection comments per page (docs/product/community.md §9). */
export const COMMENTS_PAGE = 10;

export const collectionKey = (uuid: string) => ['collection', uuid] as const;

/** Where a chapter's game opens, at turn 1 and with the collection in its URL (§2.9). */
export function chapterHref(
  uuid: string,
  c: Pick<CollectionGame, 'gameId' | 'isAnnotated' | 'chapterNumber'>,
  total: number,
): string {
  const q = new URLSearchParams({
    turn: '1',
    collection: uuid,
    chapter: String(c.chapterNumber),
    total: String(total),
  });
  return `/${c.isAnnotated ? 'anno' : 'game'}/${c.gameId}?${q}`;
}

export const chapterType = (c: Pick<CollectionGame, 'isAnnotated'>) =>
  c.isAnnotated ? 'Annotated Game' : 'Game Record';

type Pages = InfiniteData<Collection, unknown>;

/** A collection with its chapters loaded page by page (the first page with the collection). */
export function useCollectionChapters(uuid: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: collectionKey(uuid),
    initialPageParam: 0,
    queryFn: async ({ pageParam }) => {
      const r = await api.collections.getCollection({
        collectionUuid: uuid,
        offset: pageParam,
        limit: CHAPTER_PAGE,
      });
      return r.collection!;
    },
    getNextPageParam: (last, _all, param) =>
      param + CHAPTER_PAGE < last.gameCount ? param + CHAPTER_PAGE : undefined,
    retry: false,
  });
}

/** Every loaded chapter, in order. */
export const loadedChapters = (data: Pages | undefined): CollectionGame[] =>
  data?.pages.flatMap((p) => p.games) ?? [];

/** Replaces the loaded chapters (an optimistic reorder or rename), keeping the pages' shape. */
export function setLoadedChapters(queries: QueryClient, uuid: string, chapters: CollectionGame[]) {
  queries.setQueryData<Pages>(collectionKey(uuid), (old) => {
    if (!old) return old;
    let at = 0;
    return {
      ...old,
      pages: old.pages.map((p) => {
        const games = chapters.slice(at, at + p.games.length);
        at += p.games.length;
        return { ...p, games } as Collection;
      }),
    };
  });
}

/** A window of chapters around one (the game page's Collection tab): its neighbours included. */
export function useChapterWindow(uuid: string, chapter: number) {
  const { api } = useServices();
  const offset = Math.max(0, chapter - 1 - CHAPTER_PAGE / 2);
  return useQuery({
    queryKey: [...collectionKey(uuid), 'window', offset],
    queryFn: async () =>
      (await api.collections.getCollection({ collectionUuid: uuid, offset, limit: CHAPTER_PAGE }))
        .collection!,
    retry: false,
  });
}
