import type { Lexicon } from '@tessera/engine';
import type { Logger } from 'pino';
import type { Events } from '../events.ts';
import type { RatingChange } from '../rating/index.ts';
import type { Scheduler } from '../scheduler/index.ts';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';

/** What the game module needs from the rest of the server, passed in by modules/index.ts. */
export interface GameDeps {
  db: Db;
  events: Events;
  /** False: each change in a transaction of its own (the bench's GROUP_COMMIT=off). */
  groupCommit?: boolean;
  /** Batches written at the same time (group-commit.ts); 1 when not given. */
  groupCommitWriters?: number;
  /** Runs each game's deadline (clock flag or request countdown) exactly once, on any process. */
  scheduler: Scheduler;
  gateway: Gateway;
  log: Logger;
  /** A loaded lexicon by name (undefined while it is building or unknown). */
  lexicon: (name: string) => Lexicon | undefined;
  /** Usernames by user id. */
  usernames: (ids: string[]) => Promise<Map<string, string>>;
  /** Ratings for many (user, rating key) pairs, in the order asked. */
  ratings: (
    wanted: { userId: string; key: string }[],
  ) => Promise<{ rating: number; established: boolean }[]>;
  /** The rating changes a game's end made (empty for an unrated game). */
  ratingChanges: (gameId: string) => Promise<RatingChange[]>;
  /** GetGCG of a game this module does not hold (an annotated game), or undefined. */
  otherRecord?: (
    gameId: string,
    viewerId: string | undefined,
  ) => Promise<{ gcg: string; fileName: string } | undefined>;
}
