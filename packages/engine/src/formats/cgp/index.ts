/** CGP positions: parse and write the text, and turn it into a game and back. */
export { parseCgp, writeCgp, type CgpOptions, type CgpPosition } from './cgp.ts';
export { cgpFromGame, cgpPositionOf, gameFromCgp, type CgpGameOptions } from './game.ts';
