import type { TournamentMetadata } from '@tessera/protocol';
import type { TournamentState } from '../from-proto.ts';
import type { Directors, TournamentMeta } from '../model.ts';

/** What every director tool is given by its dialog (ToolDialog.tsx). */
export interface ToolProps {
  meta: TournamentMeta;
  raw: TournamentMetadata;
  directors: Directors;
  state: TournamentState;
  /** Closes the dialog (after a change went through). */
  done: () => void;
}
