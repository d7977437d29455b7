import { readFileSync } from 'node:fs';
import { gcg } from '@tessera/engine';
import { evaluateGame } from '@tessera/engine/ai';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import { botResources } from '../bots-setup.ts';
import { option } from '../lexicons.ts';

export const summary =
  "a bot's evaluation of a game record: each player's equity and win-percent loss, bingos and star plays";

const USAGE = `usage: tessera evaluate --gcg FILE [--lexicon NAME] [--json]

Sets every move of the game in FILE whose rack the record gives against
the best move by static equity in the same position, and prints each
player's totals: equity loss, win percent loss, missed bingos, star plays
found and missed. --json prints {"players":[...],"turns":[...]} with every
move's figures. The lexicon comes from --lexicon, else #lexicon in the
file, else the default (${DEFAULT_LEXICON}).`;

export async function run(args: string[]): Promise<number> {
  const file = option(args, '--gcg');
  if (!file || args.includes('--help')) {
    console.error(USAGE);
    return 2;
  }
  let text: Uint8Array;
  try {
    text = new Uint8Array(readFileSync(file));
  } catch {
    console.error(`tessera evaluate: cannot read ${file}`);
    return 1;
  }
  const game = gcg.importGcg(text);
  if (!game.ok) {
    console.error(`tessera evaluate: ${game.message}`);
    return 1;
  }
  const name = option(args, '--lexicon') ?? (game.value.rules.lexicon || DEFAULT_LEXICON);
  const res = await botResources(name);
  if (!res) {
    console.error(`tessera evaluate: unknown lexicon '${name}'`);
    return 1;
  }
  if (res.set.name !== game.value.set.name) {
    console.error(
      `tessera evaluate: lexicon ${name} uses the ${res.set.name} letters, the game ${game.value.set.name}`,
    );
    return 1;
  }
  const r = evaluateGame(game.value, { lexicon: res.lexicon, leaves: res.leaves });
  if (args.includes('--json')) {
    console.log(JSON.stringify(r));
    return 0;
  }
  for (const p of r.players) {
    console.log(
      `${p.nickname}: ${p.turns} moves, equity loss ${p.equityLoss} (${p.averageEquityLoss} a move), ` +
        `win percent loss ${p.winPctLoss}, missed bingos ${p.missedBingos}, ` +
        `star plays ${p.starPlays} found, ${p.missedStarPlays} missed`,
    );
  }
  return 0;
}
