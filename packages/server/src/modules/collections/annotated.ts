/**
 * What collections and comments need to know of annotated games. The
 * annotated-games module answers it; until it is wired, `noAnnotatedGames`
 * knows none, and every chapter is a record of a game played on the site.
 */
export interface AnnotatedSummary {
  /** The game's title, or its players' names. */
  title: string;
  creatorId: string;
  public: boolean;
  lexicon: string;
}

export interface AnnotatedGames {
  /** An annotated game's summary, or undefined when no annotated game has that id. */
  summary(gameId: string): Promise<AnnotatedSummary | undefined>;
}

export const noAnnotatedGames: AnnotatedGames = { summary: async () => undefined };
