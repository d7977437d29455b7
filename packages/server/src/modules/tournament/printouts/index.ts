/**
 * Printouts for a director (issue 36, item 19; decision 0151): a round's
 * pairings, the wall chart and the players' kiosk links, each a PDF with a
 * division's pages after another's. Like the scorecards next door, plain data
 * in and bytes out: the tournament module gathers the data
 * (printouts-data.ts) and checks who may ask.
 */
import { A4_LANDSCAPE, A4_PORTRAIT, newDocument } from './document.ts';
import { drawKioskLinks } from './kiosk-links.ts';
import { drawTable, type Column } from './table.ts';
import type { KioskLinkSheet, PairingsSheet, WallChart } from './types.ts';

export type * from './types.ts';

/** Rounds side by side on one landscape page of the wall chart; more continue on further pages. */
export const WALL_CHART_ROUNDS_PER_PAGE = 12;

const PAIRING_COLUMNS: Column[] = [
  { title: 'Board', share: 0.1, align: 'center' },
  { title: 'First', share: 0.36 },
  { title: 'Second', share: 0.36 },
  { title: 'Score', share: 0.18, align: 'center' },
];

/** One round's pairings per division, by board (games without a board after, byes last). */
export async function pairingsPdf(
  tournamentName: string,
  sheets: PairingsSheet[],
): Promise<Uint8Array> {
  const { doc, bytes } = newDocument(`${tournamentName} - pairings`);
  for (const sheet of sheets) {
    const undrawn = sheet.lines.some((l) => !l.firstKnown);
    await drawTable(doc, {
      size: A4_PORTRAIT,
      heading: tournamentName,
      subheading: `Division ${sheet.divisionName} - Round ${sheet.round} pairings`,
      columns: PAIRING_COLUMNS,
      rows: sheet.lines.map((l) => [
        l.board === null ? '' : String(l.board),
        l.first,
        l.second,
        l.firstKnown ? l.result : l.result || 'draw for first',
      ]),
      rowHeight: 26,
      fontSize: 11,
      footer: undrawn
        ? '"draw for first": the two players are listed by seed and draw to decide who goes first.'
        : 'First goes first. Check your board and your opponent before you start.',
    });
  }
  doc.end();
  return bytes;
}

/** Every player's results round by round, in seed order; landscape, 12 rounds to a page. */
export async function wallChartPdf(
  tournamentName: string,
  charts: WallChart[],
): Promise<Uint8Array> {
  const { doc, bytes } = newDocument(`${tournamentName} - wall chart`);
  for (const chart of charts) {
    const blocks = Math.max(1, Math.ceil(chart.rounds / WALL_CHART_ROUNDS_PER_PAGE));
    for (let b = 0; b < blocks; b++) {
      const from = b * WALL_CHART_ROUNDS_PER_PAGE;
      const to = Math.min(chart.rounds, from + WALL_CHART_ROUNDS_PER_PAGE);
      const count = Math.max(1, to - from);
      const roundShare = 0.63 / Math.max(count, 6);
      const columns: Column[] = [
        { title: '#', share: 0.05, align: 'center' },
        { title: 'Player', share: 0.18 },
        ...Array.from({ length: to - from }, (_, k) => ({
          title: `Rd ${from + k + 1}`,
          share: roundShare,
          align: 'center' as const,
        })),
        { title: 'W-L', share: 0.07, align: 'center' },
        { title: 'Spread', share: 0.07, align: 'center' },
      ];
      const rounds = blocks > 1 ? `, rounds ${from + 1}-${to}` : '';
      await drawTable(doc, {
        size: A4_LANDSCAPE,
        heading: tournamentName,
        subheading: `Division ${chart.divisionName} - wall chart${rounds}`,
        columns,
        rows: chart.rows.map((r) => [
          String(r.seed),
          r.rating === null ? r.name : `${r.name}\n${r.rating}`,
          ...r.cells.slice(from, to),
          r.record,
          r.spread,
        ]),
        rowHeight: 26,
        fontSize: 8.5,
        footer: 'Each round: W win, L loss, T tie, the spread, and the opponent\'s seed after "v".',
      });
    }
  }
  doc.end();
  return bytes;
}

/** Every player's kiosk link and QR code, a division after another. */
export async function kioskLinksPdf(
  tournamentName: string,
  sheets: KioskLinkSheet[],
): Promise<Uint8Array> {
  const { doc, bytes } = newDocument(`${tournamentName} - kiosk links`);
  for (const sheet of sheets) await drawKioskLinks(doc, sheet, A4_PORTRAIT);
  doc.end();
  return bytes;
}
