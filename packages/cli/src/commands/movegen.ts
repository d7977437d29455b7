import { printTiles } from '@tessera/engine';
import { equityLeaveFn, leaveOf, openingPenalty, PLACE, rackValue } from '@tessera/engine/ai';
import { option } from '../lexicons.ts';
import { positionFromCgp } from '../position.ts';

export const summary = 'list the moves for a position (--cgp), best equity first';

const USAGE = `usage: tessera movegen --cgp "<CGP>" [--lexicon NAME] [--top N] [--json]

Prints {"count": <legal tile placements>, "moves": [{"move", "score", "equity", "leave"}]}
sorted by equity (every move, exchanges and the pass included, unless --top N).`;

export async function run(args: string[]): Promise<number> {
  const cgp = option(args, '--cgp');
  if (!cgp) {
    console.error(USAGE);
    return 2;
  }
  const pos = await positionFromCgp(cgp, option(args, '--lexicon'));
  if (!pos.ok) {
    console.error(`tessera movegen: ${pos.message}`);
    return 1;
  }
  const { game, res, fast, bagSize } = pos.value;
  const p = game.playerOnTurn;
  const rack = fast.racks[p];
  const unseen = fast.unseen(p);
  const leave = equityLeaveFn({
    model: res.leaves,
    bagSize,
    oppRackValue: rackValue(res.set, pos.value.oppKnown ? fast.racks[1 - p] : unseen),
    set: res.set,
  });
  const topArg = option(args, '--top');
  const top = topArg === undefined ? undefined : Math.max(1, Number(topArg));
  const mg = fast.mg;
  const options = {
    leave,
    bagSize,
    exchangeMinBag: game.rules.exchangeMinBag,
    opening: openingPenalty(res.layout, res.set),
  };
  // The count is of every legal tile placement, whatever --top asks to print.
  const all = mg.generate(null, rack, { ...options, exchanges: false, pass: false });
  let count = 0;
  for (let i = 0; i < all.count; i++) if (all.kind[i] === PLACE) count++;
  const list = mg.generate(null, rack, { ...options, top });
  const order = list.sortedByEquity();
  const moves = Array.from(order, (i) => ({
    move: mg.moveText(list, i),
    score: list.score[i],
    equity: Math.round(list.equity[i] * 100) / 100,
    leave: printTiles(res.set, leaveOf(list, i, rack, res.set.size), 'rack'),
  }));
  if (args.includes('--json')) console.log(JSON.stringify({ count, moves }));
  else {
    console.log(`${count} tile placements`);
    for (const m of moves) {
      console.log(
        `${m.move.padEnd(24)} ${String(m.score).padStart(4)} ${m.equity.toFixed(2).padStart(8)}  ${m.leave}`,
      );
    }
  }
  return 0;
}
