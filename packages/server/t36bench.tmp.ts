import { performance } from 'node:perf_hooks';
import { wallChartPdf, kioskLinksPdf, pairingsPdf } from './src/modules/tournament/printouts/index.ts';
const n = 1000;
const rows = Array.from({ length: n }, (_, i) => ({ seed: i + 1, name: `Player Number ${i + 1}`, rating: 2000 - i, cells: Array.from({ length: 12 }, (_, r) => `W +${r * 7}\nv ${((i + r) % n) + 1}`), record: '7-5', spread: '+123' }));
let worst = 0; let last = performance.now();
const probe = setInterval(() => { const now = performance.now(); worst = Math.max(worst, now - last - 5); last = now; }, 5);
for (let rep = 0; rep < 2; rep++)
for (const [name, make] of [
  ['wall chart', () => wallChartPdf('Big', [{ tournamentName: 'Big', divisionName: 'A', rounds: 12, rows }])],
  ['pairings', () => pairingsPdf('Big', [{ tournamentName: 'Big', divisionName: 'A', round: 1, lines: Array.from({ length: n / 2 }, (_, i) => ({ board: i + 1, first: `Player ${2 * i + 1} (#${2 * i + 1})`, second: `Player ${2 * i + 2} (#${2 * i + 2})`, firstKnown: true, result: '400-350' })) }])],
  ['kiosk links', () => kioskLinksPdf('Big', [{ tournamentName: 'Big', divisionName: 'A', rows: rows.map((r) => ({ seed: r.seed, name: r.name, url: `https://tessera.example/tournament/big-open-2026?es=${(r.seed * 7919).toString(16).padStart(8, '0')}` })) }])],
] as const) {
  worst = 0; last = performance.now();
  const t = performance.now();
  const pdf = await make();
  console.log(JSON.stringify({ run: rep + 1, printout: name, players: n, ms: Math.round(performance.now() - t), bytes: pdf.length, worstStallMs: Math.round(worst) }));
}
clearInterval(probe);
