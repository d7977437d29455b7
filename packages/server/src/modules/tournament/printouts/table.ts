import { fitText, INK, measure, put, winAnsi } from '../scorecards/index.ts';
import { yieldToOthers } from './document.ts';

/** A column: its heading, its share of the table's width, how its cells line up. */
export interface Column {
  title: string;
  share: number;
  align?: 'left' | 'center';
}

export interface TableSpec {
  size: [number, number];
  /** The tournament's name, at the top of every page. */
  heading: string;
  /** "Division A - Round 3 pairings". */
  subheading: string;
  columns: readonly Column[];
  /** One array of cell texts per row; a "\n" starts a second line in the cell. */
  rows: string[][];
  rowHeight: number;
  fontSize: number;
  /** A line at the foot of every page. */
  footer?: string;
}

const MARGIN = 32;
const HEAD = 58;
const HEADER_ROW = 22;
const FOOT = 18;
const MUTED = '#555555';
const SHADE = '#e9ecef';
const ZEBRA = '#f6f7f8';
const ROWS_BETWEEN_YIELDS = 4;

/** How many rows one page of this table holds. */
export function rowsPerPage(spec: Pick<TableSpec, 'size' | 'rowHeight'>): number {
  const space = spec.size[1] - 2 * MARGIN - HEAD - HEADER_ROW - FOOT;
  return Math.max(1, Math.floor(space / spec.rowHeight));
}

const width = measure;

/**
 * Adds the table's pages to the document: the headings and the column titles
 * repeat on every page, and "page n of m" when there is more than one.
 */
export async function drawTable(doc: PDFKit.PDFDocument, spec: TableSpec): Promise<void> {
  const [pageWidth, pageHeight] = spec.size;
  const tableWidth = pageWidth - 2 * MARGIN;
  const widths = spec.columns.map((c) => c.share * tableWidth);
  const lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const perPage = rowsPerPage(spec);
  const pages = Math.max(1, Math.ceil(spec.rows.length / perPage));
  for (let page = 0; page < pages; page++) {
    await yieldToOthers();
    doc.addPage({ size: spec.size, margin: 0 });
    const note = pages > 1 ? `  (page ${page + 1} of ${pages})` : '';
    put(
      doc,
      fitText(winAnsi(spec.heading), tableWidth, width(doc, 'Helvetica-Bold', 15)),
      MARGIN,
      MARGIN,
      'Helvetica-Bold',
      15,
    );
    put(
      doc,
      fitText(winAnsi(spec.subheading) + note, tableWidth, width(doc, 'Helvetica', 12)),
      MARGIN,
      MARGIN + 22,
      'Helvetica',
      12,
      MUTED,
    );
    let y = MARGIN + HEAD;
    doc.rect(MARGIN, y, tableWidth, HEADER_ROW).fill(SHADE);
    spec.columns.forEach((c, i) => {
      const text = fitText(c.title, widths[i] - 6, width(doc, 'Helvetica-Bold', 9));
      const x =
        c.align === 'center'
          ? lefts[i] + (widths[i] - width(doc, 'Helvetica-Bold', 9)(text)) / 2
          : lefts[i] + 4;
      put(doc, text, x, y + 7, 'Helvetica-Bold', 9);
    });
    y += HEADER_ROW;
    const rows = spec.rows.slice(page * perPage, (page + 1) * perPage);
    for (const [r, row] of rows.entries()) {
      // A few rows at a time, so a page of many cells never holds up other requests.
      if (r % ROWS_BETWEEN_YIELDS === ROWS_BETWEEN_YIELDS - 1) await yieldToOthers();
      const top = y + r * spec.rowHeight;
      if (r % 2 === 1) doc.rect(MARGIN, top, tableWidth, spec.rowHeight).fill(ZEBRA);
      row.forEach((cell, i) => {
        const lines = cell.split('\n').map((l) => winAnsi(l));
        const lineHeight = spec.fontSize * 1.2;
        const first = top + (spec.rowHeight - lines.length * lineHeight) / 2 + 1;
        lines.forEach((line, j) => {
          const font = j === 0 && i === 0 ? 'Helvetica-Bold' : 'Helvetica';
          const text = fitText(line, widths[i] - 6, width(doc, font, spec.fontSize));
          const x =
            spec.columns[i].align === 'center'
              ? lefts[i] + (widths[i] - width(doc, font, spec.fontSize)(text)) / 2
              : lefts[i] + 4;
          put(doc, text, x, first + j * lineHeight, font, spec.fontSize);
        });
      });
    }
    const bottom = y + rows.length * spec.rowHeight;
    doc.lineWidth(0.5).strokeColor('#888888');
    for (let i = 1; i < lefts.length; i++)
      doc.moveTo(lefts[i], y - HEADER_ROW).lineTo(lefts[i], bottom);
    doc.stroke();
    doc.lineWidth(1).strokeColor(INK);
    doc.rect(MARGIN, y - HEADER_ROW, tableWidth, bottom - y + HEADER_ROW).stroke();
    if (spec.footer)
      put(
        doc,
        fitText(winAnsi(spec.footer), tableWidth, width(doc, 'Helvetica', 8)),
        MARGIN,
        pageHeight - MARGIN,
        'Helvetica',
        8,
        MUTED,
      );
  }
}
