export * from './cross.ts';
export * from './moves.ts';
export * from './rack-leaves.ts';
export * from './generator.ts';
export * from './shadow.ts';
export * from './movegen.ts';
