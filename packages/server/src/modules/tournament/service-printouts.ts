/**
 * TournamentService.GetTournamentPrintout (issue 36, item 19; decision 0151):
 * a round's pairings, the wall chart or the kiosk links as one PDF, for a
 * division or for every division. Directors only (read-only directors too,
 * as for the scorecards, which carry the same kiosk links).
 */
import type { ServiceImpl } from '@connectrpc/connect';
import { PrintoutKind, refuse, type TournamentService } from '@tessera/protocol';
import { mustDivision, slugName, type DivState, type TState } from '@tessera/tournament';
import type { Calls } from './context.ts';
import { kioskLinksPdf, pairingsPdf, wallChartPdf } from './printouts/index.ts';
import { kioskLinkSheet, pairingsSheet, wallChart } from './printouts-data.ts';
import { kioskKeys, kioskUrl } from './scorecards/index.ts';

type Impl = Partial<ServiceImpl<typeof TournamentService>>;

/** A file name's part from a name: letters, digits and dashes. */
const part = (name: string) =>
  name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'tournament';

export function printoutCalls(c: Calls, publicUrl: string): Impl {
  return {
    async getTournamentPrintout(req, ctx) {
      const s = await c.load(req.id);
      await c.requireReader(ctx, s);
      const divisions = req.division ? [mustDivision(s, req.division)] : s.divisions;
      const title = s.meta.name;
      const base = `${part(title)}${req.division ? `-${part(divisions[0].name)}` : ''}`;
      switch (req.kind) {
        case PrintoutKind.PAIRINGS: {
          const rounds = Math.max(1, ...divisions.map((d) => d.roundControls.length));
          if (!Number.isInteger(req.round) || req.round < 0 || req.round >= rounds)
            throw refuse('TOURNAMENT_ROUND_RANGE', rounds);
          const paired = divisions.filter((d) => d.rounds[req.round]?.some((x) => x));
          // One division asked for, or none paired: say which is not.
          const sheets = (paired.length > 0 && !req.division ? paired : divisions).map((d) =>
            pairingsSheet(title, d, req.round),
          );
          return {
            pdf: await pairingsPdf(title, sheets),
            fileName: `${base}-round-${req.round + 1}-pairings.pdf`,
          };
        }
        case PrintoutKind.WALL_CHART: {
          const charts = withPlayers(divisions).map((d) => wallChart(title, d));
          return { pdf: await wallChartPdf(title, charts), fileName: `${base}-wall-chart.pdf` };
        }
        case PrintoutKind.KIOSK_LINKS: {
          const url = kioskLinks(s, publicUrl);
          const sheets = withPlayers(divisions)
            .map((d) => kioskLinkSheet(title, d, url))
            .filter((sheet) => sheet.rows.length > 0);
          if (sheets.length === 0) throw refuse('TOURNAMENT_PRINTOUT_NO_PLAYERS');
          return { pdf: await kioskLinksPdf(title, sheets), fileName: `${base}-kiosk-links.pdf` };
        }
        case PrintoutKind.UNSPECIFIED:
        default:
          throw refuse('TOURNAMENT_PRINTOUT_KIND');
      }
    },
  };
}

function withPlayers(divisions: DivState[]): DivState[] {
  const some = divisions.filter((d) => d.players.length > 0);
  if (some.length === 0) throw refuse('TOURNAMENT_PRINTOUT_NO_PLAYERS');
  return some;
}

/**
 * The kiosk link of each player: the same keys as the scorecards' QR codes,
 * over every player of the tournament, so a key names one player whatever
 * the division (the kiosk page looks in all of them).
 */
function kioskLinks(s: TState, publicUrl: string): (playerId: string) => string {
  const keys = kioskKeys(s.divisions.flatMap((d) => d.players.map((p) => p.id)));
  const slug = slugName(s.meta.slug);
  return (id) => kioskUrl(publicUrl, slug, keys.get(id) ?? id);
}
