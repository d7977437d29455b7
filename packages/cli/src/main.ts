import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `tessera <command> ...`: each command is one file in ./commands whose name
 * is the command (commands/gcg.ts serves `tessera gcg`). A command module
 * exports `summary` (one line for help) and `run(args)` returning an exit code.
 */
export interface Command {
  summary: string;
  run(args: string[]): Promise<number> | number;
}

const commandsDir = join(dirname(fileURLToPath(import.meta.url)), 'commands');

export function commandNames(): string[] {
  return readdirSync(commandsDir)
    .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
    .map((f) => f.slice(0, -3))
    .sort();
}

async function load(name: string): Promise<Command> {
  return (await import(join(commandsDir, `${name}.ts`))) as Command;
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const names = commandNames();
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    const lines = ['usage: tessera <command> [options]', '', 'commands:'];
    for (const n of names) lines.push(`  ${n.padEnd(10)} ${(await load(n)).summary}`);
    console.log(lines.join('\n'));
    return name ? 0 : 1;
  }
  if (!names.includes(name)) {
    console.error(`tessera: unknown command '${name}' (try 'tessera help')`);
    return 2;
  }
  try {
    return await (await load(name)).run(rest);
  } catch (e) {
    // Another process (a running server) holds the embedded database: say so, plainly.
    if (e instanceof Error && e.name === 'DataDirInUse') {
      console.error(`tessera ${name}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
