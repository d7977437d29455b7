/**
 * Hunspell affix expansion: turns a spelling dictionary (.aff rules + .dic
 * stems with flags) into the plain list of word forms it accepts, so that
 * spell-checker dictionaries can seed a word-game lexicon.
 *
 * Covered: flag syntaxes (single character, `long`, `num`, `UTF-8`), flag
 * aliases (AF), prefixes and suffixes with strip/add/condition, cross products
 * of one prefix with one suffix, two-level suffixes and a prefix continuing a
 * suffix (continuation flags), NEEDAFFIX, CIRCUMFIX, FORBIDDENWORD and
 * ONLYINCOMPOUND. Not covered on purpose: compounding (a word game wants the
 * listed words, not every compound a speller tolerates), and the REP/MAP/TRY
 * suggestion tables, which only matter for suggestions.
 */

interface Affix {
  readonly flag: string;
  readonly prefix: boolean;
  readonly cross: boolean;
  readonly strip: string;
  readonly add: string;
  readonly cond: Condition | null;
  readonly cont: ReadonlySet<string>;
}

export interface AffixRules {
  readonly flagMode: 'char' | 'long' | 'num' | 'utf8';
  readonly aliases: readonly string[][];
  readonly affixes: ReadonlyMap<string, readonly Affix[]>;
  readonly needAffix?: string;
  readonly circumfix?: string;
  readonly forbidden?: string;
  readonly onlyInCompound?: string;
}

function splitFlags(mode: AffixRules['flagMode'], text: string): string[] {
  if (mode === 'long') return text.match(/../gu) ?? [];
  if (mode === 'num') return text.split(',').filter((f) => f !== '');
  return [...text];
}

/**
 * A hunspell condition as one entry per character position: a set of
 * characters (or null for "."), possibly negated. Checked by hand against the
 * word's first (prefix) or last (suffix) characters: no regular expression
 * scans the whole word, which matters when millions of forms are generated.
 */
type Condition = readonly { chars: string | null; negate: boolean }[];

function parseCondition(text: string): Condition | null {
  if (text === '.' || text === '') return null;
  const out: { chars: string | null; negate: boolean }[] = [];
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] === '[') {
      let j = i + 1;
      const negate = chars[j] === '^';
      if (negate) j++;
      let set = '';
      while (j < chars.length && chars[j] !== ']') set += chars[j++];
      out.push({ chars: set, negate });
      i = j;
    } else {
      out.push({ chars: chars[i] === '.' ? null : chars[i], negate: false });
    }
  }
  return out;
}

const ASTRAL = /[\uD800-\uDFFF]/;

function conditionHolds(cond: Condition, word: string, prefix: boolean): boolean {
  const chars = ASTRAL.test(word) ? [...word] : null;
  const n = chars ? chars.length : word.length;
  if (cond.length > n) return false;
  for (let k = 0; k < cond.length; k++) {
    const pos = prefix ? k : n - cond.length + k;
    const ch = chars ? chars[pos] : word[pos];
    const { chars: set, negate } = cond[k];
    if (set !== null && set.includes(ch) === negate) return false;
  }
  return true;
}

export function parseAffixes(aff: string): AffixRules {
  let flagMode: AffixRules['flagMode'] = 'char';
  const aliases: string[][] = [];
  const affixes = new Map<string, Affix[]>();
  const special: Record<string, string> = {};
  const lines = aff.split(/\r?\n/);
  const header = new Set<string>();
  for (const line of lines) {
    const parts = line.trim().split(/\s+/);
    const [kind] = parts;
    if (kind === 'FLAG') {
      const m = parts[1]?.toLowerCase();
      flagMode = m === 'long' ? 'long' : m === 'num' ? 'num' : m === 'utf-8' ? 'utf8' : 'char';
    } else if (kind === 'AF' && parts.length === 2 && /^\d+$/.test(parts[1])) {
      continue; // the count line of the alias table
    } else if (kind === 'AF') {
      aliases.push(splitFlags(flagMode, parts[1] ?? ''));
    } else if (['NEEDAFFIX', 'CIRCUMFIX', 'FORBIDDENWORD', 'ONLYINCOMPOUND'].includes(kind)) {
      special[kind] = parts[1];
    } else if (kind === 'PFX' || kind === 'SFX') {
      const flag = parts[1];
      const key = `${kind} ${flag}`;
      if (!header.has(key)) {
        header.add(key);
        if (!affixes.has(flag)) affixes.set(flag, []);
        // Header line: "SFX flag Y|N count"; remember the cross-product switch.
        special[`cross ${key}`] = parts[2];
        continue;
      }
      const prefix = kind === 'PFX';
      const [addText, contText] = (parts[3] ?? '0').split('/');
      const cont = contText ? splitFlags(flagMode, contText) : [];
      const resolved =
        contText && aliases.length > 0 && /^\d+$/.test(contText)
          ? (aliases[Number(contText) - 1] ?? [])
          : cont;
      affixes.get(flag)!.push({
        flag,
        prefix,
        cross: special[`cross ${key}`] === 'Y',
        strip: parts[2] === '0' ? '' : (parts[2] ?? ''),
        add: addText === '0' ? '' : addText,
        cond: parseCondition(parts[4] ?? '.'),
        cont: new Set(resolved),
      });
    }
  }
  return {
    flagMode,
    aliases,
    affixes,
    needAffix: special.NEEDAFFIX,
    circumfix: special.CIRCUMFIX,
    forbidden: special.FORBIDDENWORD,
    onlyInCompound: special.ONLYINCOMPOUND,
  };
}

function apply(a: Affix, word: string): string | null {
  if (a.prefix) {
    if (!word.startsWith(a.strip) || (a.cond && !conditionHolds(a.cond, word, true))) return null;
    return a.add + word.slice(a.strip.length);
  }
  if (!word.endsWith(a.strip) || (a.cond && !conditionHolds(a.cond, word, false))) return null;
  return word.slice(0, word.length - a.strip.length) + a.add;
}

/**
 * Calls `emit` for every form of one stem. A form that still needs an affix
 * (NEEDAFFIX on the stem or on the last affix) or that carries only one half
 * of a circumfix is not emitted. Forms may repeat; the graph builder merges
 * duplicates.
 */
export function expandStem(
  rules: AffixRules,
  stem: string,
  flags: readonly string[],
  emit: (form: string) => void,
): void {
  const { needAffix, circumfix: circ, forbidden, onlyInCompound } = rules;
  if (
    (forbidden !== undefined && flags.includes(forbidden)) ||
    (onlyInCompound !== undefined && flags.includes(onlyInCompound))
  ) {
    return;
  }
  // A form may stand alone unless its last affix needs another or is compound-only.
  const standsAlone = (cont: ReadonlySet<string>) =>
    !(needAffix !== undefined && cont.has(needAffix)) &&
    !(onlyInCompound !== undefined && cont.has(onlyInCompound));
  const isCirc = (a: Affix) => circ !== undefined && a.cont.has(circ);
  if (needAffix === undefined || !flags.includes(needAffix)) emit(stem);

  const prefixes: Affix[] = [];
  const suffixes: Affix[] = [];
  for (const flag of flags) {
    for (const a of rules.affixes.get(flag) ?? EMPTY) (a.prefix ? prefixes : suffixes).push(a);
  }

  for (const p of prefixes) {
    const form = apply(p, stem);
    if (form === null) continue;
    if (standsAlone(p.cont) && !isCirc(p)) emit(form);
    // A suffix named in the prefix's continuation flags.
    for (const flag of p.cont) {
      for (const s of rules.affixes.get(flag) ?? EMPTY) {
        if (s.prefix) continue;
        const both = apply(s, form);
        if (both !== null && standsAlone(s.cont) && isCirc(p) === isCirc(s)) emit(both);
      }
    }
  }
  for (const s of suffixes) {
    const form = apply(s, stem);
    if (form === null) continue;
    if (standsAlone(s.cont) && !isCirc(s)) emit(form);
    for (const flag of s.cont) {
      for (const a of rules.affixes.get(flag) ?? EMPTY) {
        if (a.prefix) {
          // A prefix the suffix allows, on the suffixed form.
          const both = apply(a, form);
          if (both !== null && standsAlone(a.cont) && isCirc(a) === isCirc(s)) emit(both);
        } else {
          const twice = apply(a, form);
          if (twice !== null && standsAlone(a.cont)) emit(twice);
        }
      }
    }
    // Cross products: a prefix of the stem on the suffixed form.
    if (!s.cross) continue;
    for (const p of prefixes) {
      if (!p.cross) continue;
      const both = apply(p, form);
      if (both !== null && standsAlone(p.cont) && isCirc(p) === isCirc(s)) emit(both);
    }
  }
}

const EMPTY: readonly Affix[] = [];

/**
 * Every word form of a dictionary. `accept(stem)` may veto a stem (for
 * example proper nouns) before it is expanded.
 */
export function* expandDictionary(
  aff: string,
  dic: string,
  accept: (stem: string) => boolean = () => true,
): Generator<string> {
  const rules = parseAffixes(aff);
  const lines = dic.split(/\r?\n/);
  const batch: string[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (line === '' || line.startsWith('\t') || line.startsWith('#')) continue;
    const field = line.split(/\s/)[0];
    // A slash escaped as "\/" belongs to the word; the first plain one starts the flags.
    const m = /^((?:\\\/|[^/])+)(?:\/(.*))?$/u.exec(field);
    if (!m) continue;
    const stem = m[1].replace(/\\\//g, '/');
    if (!accept(stem)) continue;
    const flagText = m[2] ?? '';
    const flags =
      rules.aliases.length > 0 && /^\d+$/.test(flagText)
        ? (rules.aliases[Number(flagText) - 1] ?? [])
        : splitFlags(rules.flagMode, flagText);
    expandStem(rules, stem, flags, (f) => batch.push(f));
    yield* batch;
    batch.length = 0;
  }
}
