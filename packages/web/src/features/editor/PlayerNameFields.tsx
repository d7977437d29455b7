import { TextField } from '../../ui/Field.tsx';
import { NAME_MAX } from './editor-data.ts';

/** The two players' names of an annotated game: required, at most NAME_MAX. */
export function playerNameErrors(p1: string, p2: string): Record<string, string> {
  const found: Record<string, string> = {};
  if (!p1.trim()) found.p1 = 'Player name is required';
  if (!p2.trim()) found.p2 = 'Player name is required';
  return found;
}

/** The Player 1 and Player 2 fields the new-game and game-information forms share. */
export function PlayerNameFields({
  p1,
  p2,
  setP1,
  setP2,
  errors,
}: {
  p1: string;
  p2: string;
  setP1: (v: string) => void;
  setP2: (v: string) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <TextField
        label="Player 1"
        value={p1}
        maxLength={NAME_MAX}
        error={errors.p1}
        onChange={(e) => setP1(e.target.value)}
      />
      <TextField
        label="Player 2"
        value={p2}
        maxLength={NAME_MAX}
        error={errors.p2}
        onChange={(e) => setP2(e.target.value)}
      />
    </>
  );
}
