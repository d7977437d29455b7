import { drawQrCode } from './qr.ts';
import { fitText, winAnsi } from './text.ts';
import { INK, measure, put } from './pdf-text.ts';
import type { ScorecardPairing } from './types.ts';

/** Everything one player's card shows, already resolved from the request. */
export interface CardData {
  tournamentName: string;
  divisionName: string;
  playerName: string;
  /** Null when seeds are not to be printed. */
  seed: number | null;
  rating: number | null;
  rounds: CardRound[];
  /** The kiosk URL for the QR code, or null for none. */
  qrUrl: string | null;
  /** An online event: the kiosk shows the games, the site records the scores. */
  online?: boolean;
}

export interface CardRound {
  /** The opponent cell's text, already built ("Jane Doe (#4)", "Bye", or "" to fill in). */
  opponent: string;
  first: ScorecardPairing['first'];
}

const MARGIN = 40;
const QR_SIZE = 104;
const HEADER_ROW = 34;
/** Row heights: roomy for a handful of rounds, never too small to write a score in. */
const MAX_ROW = 46;
const MIN_ROW = 20;
const SIGNATURE_BLOCK = 74;
const FOOTER = 14;

const MUTED = '#555555';
const RULE = '#333333';
const SHADE = '#e9ecef';
const TOTALS_SHADE = '#f5f6f7';

const BOLD = 'Helvetica-Bold';
const REGULAR = 'Helvetica';

/** The table's columns: header text, share of the table's width, whether it is a running total. */
const COLUMNS = [
  { title: ['Rd'], share: 0.06, totals: false },
  { title: ['Opponent'], share: 0.3, totals: false },
  { title: ['1st /', '2nd'], share: 0.085, totals: false },
  { title: ['My', 'score'], share: 0.095, totals: false },
  { title: ['Opp.', 'score'], share: 0.095, totals: false },
  { title: ['Spread'], share: 0.09, totals: false },
  { title: ['Total', 'wins'], share: 0.08, totals: true },
  { title: ['Total', 'spread'], share: 0.095, totals: true },
  { title: ['Opp.', 'initials'], share: 0.1, totals: false },
] as const;

/** How many table rows fit on one page of this size (the rest continue on the next page). */
export function rowsPerPage(pageHeight: number): number {
  return Math.floor(tableSpace(pageHeight) / MIN_ROW);
}

function tableSpace(pageHeight: number): number {
  return pageHeight - 2 * MARGIN - headerHeight() - HEADER_ROW - SIGNATURE_BLOCK - FOOTER - 16;
}

function headerHeight(): number {
  return QR_SIZE + 24;
}

/**
 * Adds the player's card to the document: one page, or more when the rounds do not fit on one
 * (the header repeats, the signatures close the last page).
 */
export function drawCard(doc: PDFKit.PDFDocument, card: CardData, size: [number, number]): void {
  const [width, height] = size;
  const pages = Math.max(1, Math.ceil(card.rounds.length / rowsPerPage(height)));
  // Spread the rounds evenly: 13 and 13 rounds rather than 22 and 4.
  const perPage = Math.ceil(card.rounds.length / pages);
  for (let p = 0; p < pages; p++) {
    doc.addPage({ size, margin: 0 });
    const rows = card.rounds.slice(p * perPage, (p + 1) * perPage);
    const rowHeight = Math.min(
      MAX_ROW,
      Math.max(MIN_ROW, tableSpace(height) / Math.max(rows.length, 7)),
    );
    let y = drawHeader(doc, card, width, pages > 1 ? `page ${p + 1} of ${pages}` : null);
    y = drawTable(doc, rows, p * perPage, MARGIN, y + 12, width - 2 * MARGIN, rowHeight);
    if (p === pages - 1) drawSignatures(doc, MARGIN, y + 18, width - 2 * MARGIN);
    drawFooter(doc, card, width, height);
  }
}

function drawHeader(
  doc: PDFKit.PDFDocument,
  card: CardData,
  width: number,
  pageNote: string | null,
): number {
  const textWidth = width - 2 * MARGIN - (card.qrUrl ? QR_SIZE + 16 : 0);
  let y = MARGIN;
  put(
    doc,
    fitText(winAnsi(card.tournamentName), textWidth, measure(doc, BOLD, 17)),
    MARGIN,
    y,
    BOLD,
    17,
  );
  y += 24;
  const division = `Division ${winAnsi(card.divisionName)}${pageNote ? ` - ${pageNote}` : ''}`;
  put(doc, fitText(division, textWidth, measure(doc, REGULAR, 13)), MARGIN, y, REGULAR, 13, MUTED);
  y += 30;
  put(
    doc,
    fitText(winAnsi(card.playerName), textWidth, measure(doc, BOLD, 26)),
    MARGIN,
    y,
    BOLD,
    26,
  );
  y += 36;
  const facts: string[] = [];
  if (card.seed !== null) facts.push(`Seed ${card.seed}`);
  facts.push(card.rating === null ? 'Unrated' : `Rating ${Math.round(card.rating)}`);
  put(doc, facts.join('      '), MARGIN, y, REGULAR, 14);

  if (card.qrUrl) {
    const qx = width - MARGIN - QR_SIZE;
    drawQrCode(doc, card.qrUrl, qx, MARGIN - 8, QR_SIZE);
    const caption = card.online ? 'Scan for your games' : 'Scan to enter scores';
    const w = measure(doc, REGULAR, 8)(caption);
    put(doc, caption, qx + (QR_SIZE - w) / 2, MARGIN + QR_SIZE - 4, REGULAR, 8, MUTED);
  }
  const ruleY = MARGIN + headerHeight() - 12;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(width - MARGIN, ruleY)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();
  return ruleY;
}

function drawTable(
  doc: PDFKit.PDFDocument,
  rows: CardRound[],
  firstRound: number,
  x: number,
  top: number,
  tableWidth: number,
  rowHeight: number,
): number {
  const widths = COLUMNS.map((c) => c.share * tableWidth);
  const lefts = widths.map((_, i) => x + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const bottom = top + HEADER_ROW + rows.length * rowHeight;

  // Shading first, lines over it.
  doc.rect(x, top, tableWidth, HEADER_ROW).fill(SHADE);
  COLUMNS.forEach((c, i) => {
    if (c.totals)
      doc.rect(lefts[i], top + HEADER_ROW, widths[i], bottom - top - HEADER_ROW).fill(TOTALS_SHADE);
  });

  COLUMNS.forEach((c, i) => {
    const lineTop = top + (HEADER_ROW - c.title.length * 11) / 2 + 1;
    c.title.forEach((line, j) => {
      const w = measure(doc, BOLD, 9.5)(line);
      put(doc, line, lefts[i] + (widths[i] - w) / 2, lineTop + j * 11, BOLD, 9.5);
    });
  });

  rows.forEach((row, r) => {
    const rowTop = top + HEADER_ROW + r * rowHeight;
    const mid = (size: number) => rowTop + (rowHeight - size * 0.72) / 2;
    const round = String(firstRound + r + 1);
    const rw = measure(doc, BOLD, 14)(round);
    put(doc, round, lefts[0] + (widths[0] - rw) / 2, mid(14), BOLD, 14);
    if (row.opponent) {
      const size = rowHeight >= 28 ? 12 : 10.5;
      const text = fitText(row.opponent, widths[1] - 12, measure(doc, REGULAR, size));
      put(doc, text, lefts[1] + 6, mid(size), REGULAR, size);
    }
    const firstText = row.first === true ? '1st' : row.first === false ? '2nd' : '';
    if (firstText) {
      const fw = measure(doc, BOLD, 12)(firstText);
      put(doc, firstText, lefts[2] + (widths[2] - fw) / 2, mid(12), BOLD, 12);
    }
  });

  // Grid: thin inner lines, a heavier frame, a heavier line under the header.
  doc.lineWidth(0.6).strokeColor(RULE);
  for (let r = 1; r < rows.length; r++) {
    const ly = top + HEADER_ROW + r * rowHeight;
    doc.moveTo(x, ly).lineTo(x + tableWidth, ly);
  }
  for (let i = 1; i < COLUMNS.length; i++) doc.moveTo(lefts[i], top).lineTo(lefts[i], bottom);
  doc.stroke();
  doc.lineWidth(1.2).strokeColor(INK);
  doc.moveTo(x, top + HEADER_ROW).lineTo(x + tableWidth, top + HEADER_ROW);
  doc.rect(x, top, tableWidth, bottom - top);
  doc.stroke();
  return bottom;
}

function drawSignatures(doc: PDFKit.PDFDocument, x: number, top: number, total: number): void {
  const gap = 20;
  const boxWidth = (total - gap) / 2;
  const boxHeight = SIGNATURE_BLOCK - 26;
  ['Player signature', 'Director signature'].forEach((label, i) => {
    const bx = x + i * (boxWidth + gap);
    put(doc, label, bx, top, BOLD, 9.5, MUTED);
    doc
      .rect(bx, top + 14, boxWidth, boxHeight)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();
  });
}

function drawFooter(doc: PDFKit.PDFDocument, card: CardData, width: number, height: number): void {
  const text = card.qrUrl
    ? card.online
      ? `Your pairings and results: ${card.qrUrl}`
      : `Enter your scores at ${card.qrUrl}`
    : 'Check every score with your opponent before you both sign.';
  const shown = fitText(winAnsi(text), width - 2 * MARGIN, measure(doc, REGULAR, 8));
  put(doc, shown, MARGIN, height - MARGIN + 4, REGULAR, 8, MUTED);
}
