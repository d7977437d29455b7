import { parentPort, workerData } from 'node:worker_threads';
import { buildLexicon } from './build.ts';
import { builtinSources, operatorSources } from './sources.ts';
import type { CompileJob, Compiled } from './compile-source.ts';

// Runs in a worker thread: finds the source again by name (a source's reader
// is a function and cannot cross threads), compiles it and hands the graph
// bytes back without copying.
const job = workerData as CompileJob;
const sources = job.origin === 'operator' ? operatorSources(job.lexiconDir) : builtinSources();
const src = sources.find((s) => s.name === job.name);
if (!src) throw new Error(`lexicon source '${job.name}' not found in the worker`);
const { lexicon, skipped } = buildLexicon(src.name, src.letterSet, src.words());
const bytes = lexicon.toBytes();
const result: Compiled = { bytes, words: lexicon.wordCount, skipped };
parentPort!.postMessage(result, [bytes.buffer as ArrayBuffer]);
