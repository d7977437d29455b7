/**
 * Letter sets (tile distributions) and the machine-letter encoding every other
 * engine module uses.
 *
 * Encoding (fits a Uint8Array):
 * - 0            an empty board square, or an undesignated blank on a rack
 * - 1..size-1    the letters of the set, in the order listed below
 * - code | 0x80  a blank played as that letter (shown lowercase, scores 0)
 *
 * Letters with count 0 (Norwegian Q, X, Z, Ü, Ä, Ö) exist only so that words
 * containing them can be played with a blank.
 */

export const BLANK = 0;
export const EMPTY = 0;
export const BLANK_BIT = 0x80;
export const LETTER_MASK = 0x7f;

export type LetterSetName =
  | 'english'
  | 'english_super'
  | 'french'
  | 'german'
  | 'spanish'
  | 'catalan'
  | 'polish'
  | 'norwegian';

export type TileCategory = 'blank' | 'vowel' | 'consonant';

export interface LetterInfo {
  /** What the tile shows, uppercase; multi-letter tiles such as CH or L·L included. */
  readonly rune: string;
  readonly count: number;
  readonly score: number;
  readonly vowel: boolean;
  readonly category: TileCategory;
}

export interface LetterSet {
  readonly name: LetterSetName;
  /** Index = machine letter; index 0 is the blank. */
  readonly letters: readonly LetterInfo[];
  /** Number of codes including the blank (letters.length). */
  readonly size: number;
  readonly tileCount: number;
  /** Score per machine letter (blank and blank-designated letters score 0). */
  readonly scores: Int8Array;
  /** Runes longer than one character, longest first (for tokenising words). */
  readonly multiRunes: readonly string[];
  readonly codeByRune: ReadonlyMap<string, number>;
}

/** Compact table: "RUNE count score" entries; vowels listed separately. */
interface LetterTable {
  readonly blanks: number;
  readonly tiles: string;
  readonly vowels: string;
}

const TABLES: Record<LetterSetName, LetterTable> = {
  english: {
    blanks: 2,
    tiles:
      'A 9 1,B 2 3,C 2 3,D 4 2,E 12 1,F 2 4,G 3 2,H 2 4,I 9 1,J 1 8,K 1 5,L 4 1,M 2 3,N 6 1,O 8 1,P 2 3,Q 1 10,R 6 1,S 4 1,T 6 1,U 4 1,V 2 4,W 2 4,X 1 8,Y 2 4,Z 1 10',
    vowels: 'A,E,I,O,U',
  },
  english_super: {
    blanks: 4,
    tiles:
      'A 16 1,B 4 3,C 6 3,D 8 2,E 24 1,F 4 4,G 5 2,H 5 4,I 13 1,J 2 8,K 2 5,L 7 1,M 6 3,N 13 1,O 15 1,P 4 3,Q 2 10,R 13 1,S 10 1,T 15 1,U 7 1,V 3 4,W 4 4,X 2 8,Y 4 4,Z 2 10',
    vowels: 'A,E,I,O,U',
  },
  french: {
    blanks: 2,
    tiles:
      'A 9 1,B 2 3,C 2 3,D 3 2,E 15 1,F 2 4,G 2 2,H 2 4,I 8 1,J 1 8,K 1 10,L 5 1,M 3 2,N 6 1,O 6 1,P 2 3,Q 1 8,R 6 1,S 6 1,T 6 1,U 6 1,V 2 4,W 1 10,X 1 10,Y 1 10,Z 1 10',
    vowels: 'A,E,I,O,U,Y',
  },
  german: {
    blanks: 2,
    tiles:
      'A 5 1,Ä 1 6,B 2 3,C 2 4,D 4 1,E 15 1,F 2 4,G 3 2,H 4 2,I 6 1,J 1 6,K 2 4,L 3 2,M 4 3,N 9 1,O 3 2,Ö 1 8,P 1 4,Q 1 10,R 6 1,S 7 1,T 6 1,U 6 1,Ü 1 6,V 1 6,W 1 3,X 1 8,Y 1 10,Z 1 3',
    vowels: 'A,Ä,E,I,O,Ö,U,Ü',
  },
  spanish: {
    blanks: 2,
    tiles:
      'A 12 1,B 2 3,C 4 3,CH 1 5,D 5 2,E 12 1,F 1 4,G 2 2,H 2 4,I 6 1,J 1 8,L 4 1,LL 1 8,M 2 3,N 5 1,Ñ 1 8,O 9 1,P 2 3,Q 1 5,R 5 1,RR 1 8,S 6 1,T 4 1,U 5 1,V 1 4,X 1 8,Y 1 4,Z 1 10',
    vowels: 'A,E,I,O,U',
  },
  catalan: {
    blanks: 2,
    tiles:
      'A 12 1,B 2 3,C 3 2,Ç 1 10,D 3 2,E 13 1,F 1 4,G 2 3,H 1 8,I 8 1,J 1 8,L 4 1,L·L 1 10,M 3 2,N 6 1,NY 1 10,O 5 1,P 2 3,QU 1 8,R 8 1,S 8 1,T 5 1,U 4 1,V 1 4,X 1 10,Z 1 8',
    vowels: 'A,E,I,O,U',
  },
  polish: {
    blanks: 2,
    tiles:
      'A 9 1,Ą 1 5,B 2 3,C 3 2,Ć 1 6,D 3 2,E 7 1,Ę 1 5,F 1 5,G 2 3,H 2 3,I 8 1,J 2 3,K 3 2,L 3 2,Ł 2 3,M 3 2,N 5 1,Ń 1 7,O 6 1,Ó 1 5,P 3 2,R 4 1,S 4 1,Ś 1 5,T 3 2,U 2 3,W 4 1,Y 4 2,Z 5 1,Ź 1 9,Ż 1 5',
    vowels: 'A,Ą,E,Ę,I,O,Ó,U,Y',
  },
  norwegian: {
    blanks: 2,
    tiles:
      'A 7 1,B 3 4,C 1 10,D 5 1,E 9 1,F 4 2,G 4 2,H 3 3,I 5 1,J 2 4,K 4 2,L 5 1,M 3 2,N 6 1,O 4 2,P 2 4,Q 0 0,R 6 1,S 6 1,T 6 1,U 3 4,V 3 4,W 1 8,X 0 0,Y 1 6,Z 0 0,Æ 1 6,Ä 0 0,Ø 2 5,Ö 0 0,Å 2 4,Ü 0 0',
    vowels: 'A,E,I,O,U,Y,Æ,Ä,Ø,Ö,Å,Ü',
  },
};

function build(name: LetterSetName): LetterSet {
  const table = TABLES[name];
  const vowels = new Set(table.vowels.split(','));
  const letters: LetterInfo[] = [
    { rune: '?', count: table.blanks, score: 0, vowel: false, category: 'blank' },
  ];
  for (const entry of table.tiles.split(',')) {
    const [rune, count, score] = entry.split(' ');
    const vowel = vowels.has(rune);
    letters.push({
      rune,
      count: Number(count),
      score: Number(score),
      vowel,
      category: vowel ? 'vowel' : 'consonant',
    });
  }
  const scores = new Int8Array(letters.length);
  const codeByRune = new Map<string, number>();
  letters.forEach((l, code) => {
    scores[code] = l.score;
    if (code > 0) codeByRune.set(l.rune, code);
  });
  return {
    name,
    letters,
    size: letters.length,
    tileCount: letters.reduce((n, l) => n + l.count, 0),
    scores,
    multiRunes: letters
      .map((l) => l.rune)
      .filter((r) => [...r].length > 1)
      .sort((a, b) => b.length - a.length),
    codeByRune,
  };
}

const cache = new Map<LetterSetName, LetterSet>();

export const LETTER_SET_NAMES = Object.keys(TABLES) as LetterSetName[];

export function letterSet(name: LetterSetName): LetterSet {
  let set = cache.get(name);
  if (!set) {
    set = build(name);
    cache.set(name, set);
  }
  return set;
}

export function isLetterSetName(name: string): name is LetterSetName {
  return Object.hasOwn(TABLES, name);
}

/** Spec rule: letter set by lexicon prefix (RD german, NSF norwegian, ...). */
export function letterSetForLexicon(lexicon: string): LetterSetName {
  const upper = lexicon.toUpperCase();
  if (upper.startsWith('RD')) return 'german';
  if (upper.startsWith('NSF')) return 'norwegian';
  if (upper.startsWith('FRA')) return 'french';
  if (upper.startsWith('DISC')) return 'catalan';
  if (upper.startsWith('OSPS')) return 'polish';
  if (upper.startsWith('FILE')) return 'spanish';
  return 'english';
}
