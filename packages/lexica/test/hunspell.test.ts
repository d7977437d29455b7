import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenizeWord, type LetterSetName } from '@tessera/engine';
import { expandDictionary } from '../src/index.ts';

const expand = (aff: string, dic: string) => [...expandDictionary(aff, dic)].sort();

describe('hunspell affix expansion', () => {
  it('applies suffixes and prefixes with strip, add and conditions, and cross products', () => {
    const aff = [
      'SET UTF-8',
      'SFX S Y 3',
      'SFX S y ies [^aeiou]y',
      'SFX S 0 s [aeiou]y',
      'SFX S 0 s [^y]',
      'PFX U Y 1',
      'PFX U 0 un .',
      'PFX R N 1',
      'PFX R 0 re .',
    ].join('\n');
    const dic = '3\nfly/S\nplay/SU\ndo/RS\n';
    expect(expand(aff, dic)).toEqual(
      ['do', 'dos', 'redo', 'flies', 'fly', 'play', 'plays', 'unplay', 'unplays'].sort(),
    );
  });

  it('honours NEEDAFFIX, FORBIDDENWORD, ONLYINCOMPOUND and continuation flags', () => {
    const aff = [
      'NEEDAFFIX n',
      'FORBIDDENWORD f',
      'ONLYINCOMPOUND o',
      'SFX A Y 1',
      'SFX A 0 er/B .',
      'SFX B Y 1',
      'SFX B 0 s .',
    ].join('\n');
    const dic = '4\nbak/nA\nbad/f\npart/o\nkind/A\n';
    expect(expand(aff, dic)).toEqual(['baker', 'bakers', 'kind', 'kinder', 'kinders']);
  });

  it('reads long and numeric flags and alias tables', () => {
    const long = ['FLAG long', 'SFX Aa Y 1', 'SFX Aa 0 s .'].join('\n');
    expect(expand(long, '1\ngat/Aa\n')).toEqual(['gat', 'gats']);
    const num = ['FLAG num', 'SFX 12 Y 1', 'SFX 12 0 en .'].join('\n');
    expect(expand(num, '1\nhund/7,12\n')).toEqual(['hund', 'hunden']);
    const alias = ['AF 1', 'AF S', 'SFX S Y 1', 'SFX S 0 s .'].join('\n');
    expect(expand(alias, '1\ncat/1\n')).toEqual(['cat', 'cats']);
  });

  it('only emits a circumfix when both its halves are present', () => {
    const aff = ['CIRCUMFIX X', 'PFX G Y 1', 'PFX G 0 ge/X .', 'SFX T Y 1', 'SFX T 0 t/X .'].join(
      '\n',
    );
    expect(expand(aff, '1\nsag/GT\n')).toEqual(['gesagt', 'sag']);
  });
});

/** Forms of a few stems of a real dictionary package (the stems' .dic lines only). */
function realForms(pkg: string, stems: string[], set: LetterSetName): Set<string> {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve(pkg));
  const aff = readFileSync(join(dir, 'index.aff'), 'utf8');
  const lines = readFileSync(join(dir, 'index.dic'), 'utf8').split('\n');
  const picked = lines.filter((l) => stems.includes(l.split(/[/\s]/)[0]));
  const out = new Set<string>();
  for (const w of expandDictionary(aff, `${picked.length}\n${picked.join('\n')}`)) {
    if (tokenizeWord(set, w)) out.add(w.toUpperCase());
  }
  return out;
}

describe('the installed spelling dictionaries expand into game words', () => {
  it.each([
    ['dictionary-fr', 'french', ['chat', 'manger'], ['CHATS', 'MANGEAIENT', 'MANGÉ']],
    ['dictionary-es', 'spanish', ['casa', 'comer'], ['CASAS', 'COMIERON', 'COMÍ']],
    ['dictionary-de', 'german', ['Kind', 'spielen'], ['KINDER', 'KINDERN', 'SPIELTEN']],
    ['dictionary-ca', 'catalan', ['gat', 'cantar'], ['GATS', 'CANTAVEN', 'CANTÀREM']],
    ['dictionary-pl', 'polish', ['kot', 'pisać'], ['KOTA', 'KOTY', 'PISALIŚMY']],
    ['dictionary-nb', 'norwegian', ['bil', 'hus'], ['BILEN', 'BILENE', 'HUSET']],
  ] as const)('%s: %j gives %j', (pkg, set, stems, expected) => {
    const forms = realForms(pkg, [...stems], set);
    for (const w of expected) expect(forms).toContain(w);
  });
});
