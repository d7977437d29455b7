import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { FORMAT_VERSION, Lexicon, type LetterSetName } from '@tessera/engine';
import { maxLengthFor } from './build.ts';
import { compileSource, type Compiled, type WorkerMode } from './compile-source.ts';
import { resolveLexiconName } from './names.ts';
import {
  builtinSources,
  operatorSources,
  type LexiconOrigin,
  type LexiconSource,
} from './sources.ts';

/**
 * Bumped whenever tokenising, filtering or affix expansion changes what a
 * source compiles to, so every cached graph is rebuilt once.
 */
export const BUILD_VERSION = 2;

/** What the platform shows about a lexicon (and `tessera lexicon list` prints). */
export interface LexiconMeta {
  readonly name: string;
  readonly words: number;
  readonly letterDistribution: LetterSetName;
  readonly source: string;
  readonly license: string;
  readonly description: string;
  readonly origin: LexiconOrigin;
  /** Entries of the source that could not be used (not spellable, too short or long). */
  readonly skipped: number;
  /** Size of the compiled graph file. */
  readonly bytes: number;
  /** Hash of the source files and build version that keys the cache. */
  readonly hash: string;
}

export interface EnsureOptions {
  /** Compiled graphs go to `<dataDir>/lexica/`. */
  readonly dataDir: string;
  /** Operator word lists (`*.txt`). */
  readonly lexiconDir: string;
  /** Built-in lexicons to include: 'all' (default), or a list of names (may be empty). */
  readonly builtins?: 'all' | readonly string[];
  /** Build only these (after legacy mapping); others stay unlisted until built. */
  readonly only?: readonly string[];
  /** Rebuild even when the cache is current. */
  readonly force?: boolean;
  /** Progress messages (a build can take seconds to a minute). */
  readonly log?: (message: string) => void;
  /** Replaces the built-in sources (tests). */
  readonly sources?: readonly LexiconSource[];
  /** Builds run at once (default: the machine's cores). */
  readonly parallel?: number;
  /** Worker threads for builds: 'auto' (big sources), 'always' or 'never'. */
  readonly workers?: WorkerMode;
  /** Stops further builds and ends a worker build in progress (the promise rejects). */
  readonly signal?: AbortSignal;
}

function sourceHash(src: LexiconSource): string {
  const h = createHash('sha256');
  h.update(`${BUILD_VERSION}/${FORMAT_VERSION}/${src.name}/${src.letterSet}/`);
  h.update(String(maxLengthFor(src.letterSet)));
  for (const file of src.files) h.update(readFileSync(file));
  return h.digest('hex').slice(0, 16);
}

/** Compiled lexicons in one cache folder, loaded on demand and kept in memory. */
export class LexiconStore {
  private readonly metas = new Map<string, LexiconMeta>();
  private readonly loaded = new Map<string, Lexicon>();
  /** How many graphs the last ensure compiled (the rest came from the cache). */
  built = 0;

  constructor(readonly cacheDir: string) {}

  list(): LexiconMeta[] {
    return [...this.metas.values()];
  }

  /** Puts the listed names first, in this order. */
  order(names: readonly string[]): void {
    const entries = [...this.metas.entries()];
    entries.sort(([a], [b]) => rank(names, a) - rank(names, b));
    this.metas.clear();
    for (const [k, v] of entries) this.metas.set(k, v);
  }

  /** The name a request resolves to: exact name first, then the legacy mapping. */
  resolve(name: string): string | undefined {
    const upper = name.trim().toUpperCase();
    if (this.metas.has(upper)) return upper;
    const mapped = resolveLexiconName(upper);
    return this.metas.has(mapped) ? mapped : undefined;
  }

  meta(name: string): LexiconMeta | undefined {
    const resolved = this.resolve(name);
    return resolved === undefined ? undefined : this.metas.get(resolved);
  }

  /** The compiled graph file, for serving to browsers. */
  bytes(name: string): Uint8Array {
    const meta = this.require(name);
    return readFileSync(join(this.cacheDir, `${meta.name}.${meta.hash}.tlx`));
  }

  load(name: string): Lexicon {
    const meta = this.require(name);
    let lex = this.loaded.get(meta.name);
    if (!lex) {
      const file = readFileSync(join(this.cacheDir, `${meta.name}.${meta.hash}.tlx`));
      // Copy into a fresh ArrayBuffer so the node view is aligned and owns its memory.
      lex = Lexicon.fromBytes(new Uint8Array(file).buffer);
      this.loaded.set(meta.name, lex);
    }
    return lex;
  }

  private require(name: string): LexiconMeta {
    const meta = this.meta(name);
    if (!meta) throw new Error(`unknown lexicon '${name}'`);
    return meta;
  }

  /** Metadata of `src` if its cached graph is current, else undefined. */
  cached(src: LexiconSource, hash: string): LexiconMeta | undefined {
    const base = join(this.cacheDir, `${src.name}.${hash}`);
    try {
      const meta = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as LexiconMeta;
      if (meta.hash === hash && statSync(`${base}.tlx`).size === meta.bytes) {
        this.metas.set(src.name, meta);
        return meta;
      }
    } catch {
      // Not cached yet, or unreadable: the caller builds it.
    }
    return undefined;
  }

  /**
   * Makes sure `src` is compiled and current in the cache; resolves to
   * whether it had to build.
   */
  async ensure(src: LexiconSource, options: BuildOptions = {}): Promise<boolean> {
    const hash = sourceHash(src);
    if (!options.force && this.cached(src, hash)) return false;
    const started = Date.now();
    options.log?.(`lexicon ${src.name}: building from ${src.source}`);
    const built = await compileSource(
      src,
      options.lexiconDir ?? '',
      options.workers ?? 'auto',
      options.injected ?? false,
      options.signal,
    );
    this.save(src, hash, built);
    options.log?.(
      `lexicon ${src.name}: ${built.words} words, ${built.bytes.length} bytes in ${Date.now() - started} ms (${built.thread ?? 'main'} thread)`,
    );
    return true;
  }

  private save(src: LexiconSource, hash: string, built: Compiled): void {
    const base = join(this.cacheDir, `${src.name}.${hash}`);
    const meta: LexiconMeta = {
      name: src.name,
      words: built.words,
      letterDistribution: src.letterSet,
      source: src.source,
      license: src.license,
      description: src.description,
      origin: src.origin,
      skipped: built.skipped,
      bytes: built.bytes.length,
      hash,
    };
    mkdirSync(this.cacheDir, { recursive: true });
    // Write under temporary names, then rename: a crash never leaves half a graph.
    // The suffix keeps two processes (a server and `tessera lexicon`) apart.
    const tmp = `.${process.pid}.${threadId}.tmp`;
    writeFileSync(`${base}.tlx${tmp}`, built.bytes);
    writeFileSync(`${base}.json${tmp}`, JSON.stringify(meta, null, 2));
    renameSync(`${base}.tlx${tmp}`, `${base}.tlx`);
    renameSync(`${base}.json${tmp}`, `${base}.json`);
    // Remove this lexicon's graphs of older sources (NAME.<16 hex>.tlx/.json only).
    for (const f of readdirSync(this.cacheDir)) {
      const m = /^(.*)\.([0-9a-f]{16})\.(tlx|json)$/.exec(f);
      if (m && m[1] === src.name && m[2] !== hash) rmSync(join(this.cacheDir, f), { force: true });
    }
    this.metas.set(src.name, meta);
    this.loaded.delete(src.name);
  }
}

interface BuildOptions {
  readonly force?: boolean;
  readonly log?: (message: string) => void;
  readonly lexiconDir?: string;
  readonly workers?: WorkerMode;
  /** The source was passed in by the caller (a worker could not find it). */
  readonly injected?: boolean;
  readonly signal?: AbortSignal;
}

function rank(names: readonly string[], name: string): number {
  const i = names.indexOf(name);
  return i < 0 ? names.length : i;
}

let current: LexiconStore | undefined;

/**
 * Builds (or finds in the cache) every lexicon: the free defaults from npm
 * packages and the operator's lists in `lexiconDir`, which win over a
 * default of the same name. Graphs are cached in `<dataDir>/lexica/` keyed
 * by a hash of their source files, so a restart reuses them and a changed
 * list is rebuilt. The store also becomes the one behind listLexicons(),
 * loadLexicon() and lexiconBytes().
 */
export async function ensureLexicons(options: EnsureOptions): Promise<LexiconStore> {
  const store = new LexiconStore(join(options.dataDir, 'lexica'));
  const wanted = options.builtins ?? 'all';
  const builtins = (options.sources ?? builtinSources(options.log)).filter(
    (s) => wanted === 'all' || wanted.includes(s.name),
  );
  const byName = new Map<string, LexiconSource>();
  for (const s of [...builtins, ...operatorSources(options.lexiconDir)]) byName.set(s.name, s);
  const only = options.only?.map((n) => {
    const upper = n.trim().toUpperCase();
    return byName.has(upper) ? upper : resolveLexiconName(upper);
  });
  const todo = [...byName.values()].filter((src) => !only || only.includes(src.name));
  // Up to `parallel` builds at once (worker threads); cached ones cost a hash.
  const parallel = Math.max(1, options.parallel ?? availableParallelism());
  const buildOptions: BuildOptions = {
    force: options.force,
    log: options.log,
    lexiconDir: options.lexiconDir,
    workers: options.workers,
    signal: options.signal,
  };
  const injected = new Set(options.sources ?? []);
  let next = 0;
  const lane = async () => {
    while (next < todo.length) {
      options.signal?.throwIfAborted();
      const src = todo[next++];
      if (await store.ensure(src, { ...buildOptions, injected: injected.has(src) })) store.built++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, todo.length) }, lane));
  // Keep the order the sources were offered in, whatever order builds finished.
  store.order(todo.map((s) => s.name));
  current = store;
  return store;
}

function currentStore(): LexiconStore {
  if (!current) throw new Error('ensureLexicons() has not run yet');
  return current;
}

/** Metadata of every available lexicon (after ensureLexicons). */
export function listLexicons(): LexiconMeta[] {
  return currentStore().list();
}

/** The engine's Lexicon for a name (legacy names mapped). */
export function loadLexicon(name: string): Lexicon {
  return currentStore().load(name);
}

/** The compiled graph file for a name, to send to browsers. */
export function lexiconBytes(name: string): Uint8Array {
  return currentStore().bytes(name);
}
