import type { BoardLayout } from '../board/layouts.ts';
import type { LeaveModel } from '../equity/leave-model.ts';
import type { Lexicon } from '../lexicon/lexicon.ts';
import type { LetterSet } from '../tiles/letter-sets.ts';

/** What a bot plays with: the lexicon, letters, board and leave values. */
export interface BotResources {
  readonly lexicon: Lexicon;
  readonly set: LetterSet;
  readonly layout: BoardLayout;
  /** Leave values for the lexicon (null: score-only equity). */
  readonly leaves: LeaveModel | null;
  /** The common-English lexicon, for the common-word kinds. */
  readonly common?: Lexicon | null;
}
