export * from './graph.ts';
export { GraphBuilder } from './builder.ts';
export { compileGraph, MAX_WORD_LENGTH, type CompiledGraph } from './compile.ts';
export * from './format.ts';
export * from './tokenize.ts';
export * from './anagram.ts';
export * from './pattern.ts';
export * from './lexicon.ts';
