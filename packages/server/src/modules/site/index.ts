import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { ModuleParts } from '../module.ts';

/** One entry of the team list on /about and /team (TEAM_FILE, README "Configuration"). */
export interface TeamMember {
  name: string;
  role: string;
  /** A link about the person (optional). */
  url?: string;
}

/**
 * The site's own pages' operator content (docs/product/community.md §2.1
 * terms, about and team): `GET /site/terms.txt` is the operator's terms of
 * service (TERMS_FILE) or 404, and the web page shows its built-in text;
 * `GET /site/team.json` is the team list (TEAM_FILE), [] without one. The
 * files are read on each request, so an edit shows without a restart.
 */
export function createSiteModule(deps: {
  termsFile?: string;
  teamFile?: string;
  log: Logger;
}): ModuleParts {
  return {
    module: { name: 'site', http: (app) => siteRoutes(app, deps) },
    api: undefined,
  };
}

function siteRoutes(
  app: FastifyInstance,
  deps: { termsFile?: string; teamFile?: string; log: Logger },
): void {
  app.get('/site/terms.txt', async (_req, reply) => {
    const text = deps.termsFile ? await readText(deps.termsFile, deps.log) : undefined;
    if (text === undefined) return reply.code(404).type('text/plain').send('No operator terms');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(text);
  });
  app.get('/site/team.json', async (_req, reply) => {
    const text = deps.teamFile ? await readText(deps.teamFile, deps.log) : undefined;
    return reply.header('cache-control', 'no-cache').send(parseTeam(text, deps.log));
  });
}

async function readText(file: string, log: Logger): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    log.warn({ err: e, file }, 'site file unreadable');
    return undefined;
  }
}

/** The entries of a team file that have a name and a role; anything else is left out. */
export function parseTeam(text: string | undefined, log?: Logger): TeamMember[] {
  if (!text) return [];
  try {
    const raw: unknown = JSON.parse(text);
    if (!Array.isArray(raw)) throw new Error('not a list');
    return raw.flatMap((e: unknown) => {
      const r = (e ?? {}) as Record<string, unknown>;
      if (typeof r.name !== 'string' || typeof r.role !== 'string') return [];
      const url = typeof r.url === 'string' && /^https?:\/\//.test(r.url) ? r.url : undefined;
      return [{ name: r.name, role: r.role, ...(url ? { url } : {}) }];
    });
  } catch (e) {
    log?.warn({ err: e }, 'TEAM_FILE is not a JSON list');
    return [];
  }
}
