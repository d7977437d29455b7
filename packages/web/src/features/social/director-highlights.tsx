import { createContext, useContext, useMemo, type ReactNode } from 'react';

export type DirectorMark = 'director' | 'invigilator';

const Highlights = createContext<ReadonlyMap<string, DirectorMark>>(new Map());

/**
 * Inside a tournament's page, names of its directors carry a highlighted
 * Director tag, read-only directors an Invigilator tag (docs/product/community.md §6).
 */
export function DirectorHighlights({
  directors,
  children,
}: {
  directors: readonly { userId: string; readOnly: boolean }[];
  children: ReactNode;
}) {
  const marks = useMemo(
    () =>
      new Map(directors.map((d) => [d.userId, d.readOnly ? 'invigilator' : 'director'] as const)),
    [directors],
  );
  return <Highlights.Provider value={marks}>{children}</Highlights.Provider>;
}

/** The director mark of a user in the surrounding tournament, if any. */
export const useDirectorMark = (userId: string): DirectorMark | undefined =>
  useContext(Highlights).get(userId);
