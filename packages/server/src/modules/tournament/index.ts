import type { Gateway } from '../../socket/gateway.ts';

const TOURNAMENT_PATH = /^\/(?:tournament|club)\/([A-Za-z0-9_-]{1,100})/;

/** A tournament's or club's realm: its page's presence, chat and live updates. */
export const tournamentRealm = (slug: string) => `tournament.${slug}`;

/** The tournament module; for now it owns only its pages' realms. */
export function createTournamentModule(deps: { gateway: Gateway }): void {
  deps.gateway.realms((path) => {
    const m = TOURNAMENT_PATH.exec(path);
    return m ? [tournamentRealm(m[1])] : [];
  });
}
