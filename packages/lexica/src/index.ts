export * from './names.ts';
export * from './build.ts';
export * from './hunspell.ts';
export * from './sources.ts';
export * from './store.ts';
