import { performance } from 'node:perf_hooks';
import {
  kioskLinksPdf,
  pairingsPdf,
  wallChartPdf,
  type WallChartRow,
} from '../src/modules/tournament/printouts/index.ts';

type Emit = (record: Record<string, unknown>) => void;

/**
 * The directors' printouts (issue 36, item 19; decision 0151) for the
 * largest division (1,000 players, 12 rounds): the time to make each PDF,
 * its size, and the longest the event loop was held meanwhile (a probe
 * every 5 ms; the drawing yields between pages, every few table rows and
 * every QR code). Three runs each, so the first (cold) run shows apart.
 */
export async function bench(emit: Emit): Promise<void> {
  const n = 1000;
  const rows: WallChartRow[] = Array.from({ length: n }, (_, i) => ({
    seed: i + 1,
    name: `Player Number ${i + 1}`,
    rating: 2000 - i,
    cells: Array.from({ length: 12 }, (_, r) => `W +${r * 7}\nv ${((i + r + 1) % n) + 1}`),
    record: '7-5',
    spread: '+123',
  }));
  const heading = { tournamentName: 'Big Open', divisionName: 'A' };
  const makers = {
    'wall-chart': () => wallChartPdf('Big Open', [{ ...heading, rounds: 12, rows }]),
    pairings: () =>
      pairingsPdf('Big Open', [
        {
          ...heading,
          round: 1,
          lines: Array.from({ length: n / 2 }, (_, i) => ({
            board: i + 1,
            first: `Player Number ${2 * i + 1} (#${2 * i + 1})`,
            second: `Player Number ${2 * i + 2} (#${2 * i + 2})`,
            firstKnown: true,
            result: '412-380',
          })),
        },
      ]),
    'kiosk-links': () =>
      kioskLinksPdf('Big Open', [
        {
          ...heading,
          rows: rows.map((r) => ({
            seed: r.seed,
            name: r.name,
            url: `https://tessera.example/tournament/big-open-2026?es=${(r.seed * 7919).toString(16).padStart(8, '0')}`,
          })),
        },
      ]),
  };
  for (let run = 1; run <= 3; run++)
    for (const [printout, make] of Object.entries(makers)) {
      let worst = 0;
      let last = performance.now();
      const probe = setInterval(() => {
        const now = performance.now();
        worst = Math.max(worst, now - last - 5);
        last = now;
      }, 5);
      const start = performance.now();
      const pdf = await make();
      const ms = performance.now() - start;
      clearInterval(probe);
      emit({
        bench: 'printouts',
        printout,
        run,
        players: n,
        ms: Math.round(ms),
        bytes: pdf.length,
        longestStallMs: Math.round(worst),
      });
    }
}
