export const summary =
  'puzzles: generate (bot games here, or queue a job over stored games), jobs, count';

const USAGE = `usage:
  tessera puzzles generate [options]   generate puzzles into the configured database
      --lexicon NAME        lexicon (default: the server's default lexicon)
      --ld NAME             letter distribution (default english)
      --count N             puzzles to keep (default 100)
      --bingos N            of which bingos (a bucket; the rest must not be bingos)
      --games N             games to consider at most (default 6000)
      --loss N              equity loss limit per game (default 150)
      --seed N              seed of the bot games (default random)
      --no-sim              keep only statically clear answers (much faster)
      --from-games DATE     read stored games that ended from DATE (YYYY-MM-DD) instead of
                            playing bot games; queued for a running server to carry out
      --avoid-bots          with --from-games: skip games with a bot
      --days N              with --from-games: days per chunk (default 1)
  tessera puzzles jobs [N]             the N most recent generation jobs (default 20)
  tessera puzzles count [LEXICON]      puzzles stored`;

/** `tessera puzzles ...`: the admin Puzzle Generator from the command line (same generator, same logs). */
export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const server = await import('@tessera/server');
  const { renderError } = await import('@tessera/protocol');
  if (sub !== 'generate' && sub !== 'jobs' && sub !== 'count') {
    console.error(USAGE);
    return 2;
  }
  const core = await server.openCore({ logLevel: 'silent' });
  try {
    const store = new server.PuzzleStore(core.database.db);
    if (sub === 'count') {
      console.log(await store.puzzleCount(rest[0]?.toUpperCase()));
      return 0;
    }
    if (sub === 'jobs') {
      const n = Number(rest[0] ?? 20);
      const gen = new server.PuzzleGenerator({ store, run: () => Promise.reject(), log: core.log });
      for (const j of await gen.logs(0, Number.isInteger(n) && n > 0 ? n : 20))
        console.log(line(j));
      return 0;
    }
    const opts = parse(rest);
    if (typeof opts === 'string') {
      console.error(`${opts}\n${USAGE}`);
      return 2;
    }
    try {
      const out = await server.generateOffline(core.database.db, core.config, core.log, opts, (j) =>
        console.error(`  ${j.games_considered} games, ${j.puzzles_created} puzzles`),
      );
      if (out.job) console.log(line(out.job));
      if (out.queued) console.log('queued: a running server reads the stored games.');
      return out.job?.error_status ? 1 : 0;
    } catch (err) {
      // Request problems come back as catalogue messages (the RPC's own checks).
      const message = err instanceof Error ? err.message : String(err);
      console.error(`tessera puzzles: ${renderError(message.replace(/^\[\w+\] /, ''))}`);
      return 2;
    }
  } finally {
    await core.close();
  }
}

function line(j: import('@tessera/server').JobRow): string {
  const r = j.request as { lexicon: string; botVsBot: boolean };
  const state = j.error_status
    ? `failed: ${j.error_status}`
    : j.completed_at
      ? j.fulfilled
        ? 'fulfilled'
        : 'ended'
      : 'running';
  return [
    j.id,
    j.created_at?.toISOString() ?? '',
    r.lexicon,
    r.botVsBot ? 'bot games' : 'stored games',
    `${j.games_considered} games`,
    `${j.puzzles_created} puzzles`,
    state,
  ].join('  ');
}

function parse(args: string[]): import('@tessera/server').PlainJobRequest | string {
  const o: import('@tessera/server').PlainJobRequest = { botVsBot: true };
  let count = 100;
  let bingos: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const num = () => {
      const v = Number(value());
      if (!Number.isInteger(v) || v < 0) throw new Error(`${a} needs a whole number`);
      return v;
    };
    try {
      if (a === '--lexicon') o.lexicon = value();
      else if (a === '--ld') o.letterDistribution = value();
      else if (a === '--count') count = num();
      else if (a === '--bingos') bingos = num();
      else if (a === '--games') o.gameConsiderationLimit = num();
      else if (a === '--loss') o.equityLossTotalLimit = num();
      else if (a === '--seed') o.seed = num();
      else if (a === '--no-sim') o.simulate = false;
      else if (a === '--from-games') {
        o.botVsBot = false;
        o.startDate = value();
      } else if (a === '--avoid-bots') o.avoidBotGames = true;
      else if (a === '--days') o.daysPerChunk = num();
      else return `unknown option ${a}`;
    } catch (e) {
      return (e as Error).message;
    }
  }
  if (bingos !== undefined && bingos > count) return '--bingos cannot exceed --count';
  o.buckets =
    bingos === undefined
      ? [{ size: count }]
      : [
          ...(bingos > 0 ? [{ size: bingos, includes: ['BINGO'] }] : []),
          ...(count > bingos ? [{ size: count - bingos, includes: ['NON_BINGO'] }] : []),
        ];
  return o;
}
