/**
 * Leave values shipped with the engine: one small JSON file per lexicon in
 * equity/data/, made by `tessera leaves` (self-play, see train.ts). A
 * lexicon without its own file borrows the values of one with the same
 * letter set, the first listed here (an operator's CSW24 uses the ENABLE
 * values, the closest free list to a tournament one); a letter set
 * with none gets score-only equity.
 */
import { letterSet, type LetterSet, type LetterSetName } from '../tiles/letter-sets.ts';
import { LeaveModel, type LeaveData } from './leave-model.ts';
import enable from './data/ENABLE.leaves.json';
import scowl from './data/SCOWL-EN.leaves.json';
import french from './data/FRA-OPEN.leaves.json';

const BUILTIN: readonly LeaveData[] = [enable, scowl, french].map((d) => d as unknown as LeaveData);

const cache = new Map<string, LeaveModel | null>();

/** Names of the lexicons with built-in leave values. */
export function builtinLeaveLexicons(): string[] {
  return BUILTIN.map((d) => d.lexicon);
}

/** The leave model for a lexicon (or its letter set), or null when none exists. */
export function leavesFor(lexicon: string, setName: LetterSetName): LeaveModel | null {
  const key = `${lexicon}/${setName}`;
  if (cache.has(key)) return cache.get(key)!;
  const upper = lexicon.toUpperCase();
  const lettersOf = (name: string): string => (name === 'english_super' ? 'english' : name);
  const data =
    BUILTIN.find((d) => d.lexicon === upper) ??
    BUILTIN.find((d) => lettersOf(d.letterSet) === lettersOf(setName));
  let model: LeaveModel | null = null;
  if (data) {
    const set: LetterSet = letterSet(setName);
    if (set.size === letterSet(data.letterSet as LetterSetName).size)
      model = new LeaveModel(set, data);
  }
  cache.set(key, model);
  return model;
}
