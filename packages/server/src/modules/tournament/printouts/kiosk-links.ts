import { drawQrCode, fitText, winAnsi } from '../scorecards/index.ts';
import { yieldToOthers } from './document.ts';
import type { KioskLinkSheet } from './types.ts';

const MARGIN = 32;
const HEAD = 58;
const QR = 78;
const ROW = 88;

/**
 * A division's kiosk links: a row per player (seed order) with the QR code,
 * the name and the link written out, for a director to hand out or pin up.
 */
export async function drawKioskLinks(
  doc: PDFKit.PDFDocument,
  sheet: KioskLinkSheet,
  size: [number, number],
): Promise<void> {
  const [pageWidth, pageHeight] = size;
  const perPage = Math.max(1, Math.floor((pageHeight - 2 * MARGIN - HEAD) / ROW));
  const pages = Math.max(1, Math.ceil(sheet.rows.length / perPage));
  const textWidth = pageWidth - 2 * MARGIN - QR - 14;
  const fit = (text: string, font: string, fontSize: number, max: number) =>
    fitText(winAnsi(text), max, (s) => doc.font(font).fontSize(fontSize).widthOfString(s));
  for (let page = 0; page < pages; page++) {
    await yieldToOthers();
    doc.addPage({ size, margin: 0 });
    doc.font('Helvetica-Bold').fontSize(15).fillColor('#111111');
    doc.text(
      fit(sheet.tournamentName, 'Helvetica-Bold', 15, pageWidth - 2 * MARGIN),
      MARGIN,
      MARGIN,
      {
        lineBreak: false,
      },
    );
    const note = pages > 1 ? `  (page ${page + 1} of ${pages})` : '';
    const sub = `Division ${sheet.divisionName} - kiosk links${note}`;
    doc.font('Helvetica').fontSize(12).fillColor('#555555');
    doc.text(fit(sub, 'Helvetica', 12, pageWidth - 2 * MARGIN), MARGIN, MARGIN + 22, {
      lineBreak: false,
    });
    const rows = sheet.rows.slice(page * perPage, (page + 1) * perPage);
    for (const [i, row] of rows.entries()) {
      // A QR code takes some milliseconds: let other requests in between.
      await yieldToOthers();
      const top = MARGIN + HEAD + i * ROW;
      drawQrCode(doc, row.url, MARGIN, top, QR);
      const x = MARGIN + QR + 14;
      doc.font('Helvetica-Bold').fontSize(14).fillColor('#111111');
      doc.text(fit(`${row.seed}. ${row.name}`, 'Helvetica-Bold', 14, textWidth), x, top + 20, {
        lineBreak: false,
      });
      doc.font('Helvetica').fontSize(9).fillColor('#333333');
      doc.text(fit(row.url, 'Helvetica', 9, textWidth), x, top + 42, { lineBreak: false });
      doc
        .moveTo(MARGIN, top + ROW - 4)
        .lineTo(pageWidth - MARGIN, top + ROW - 4)
        .lineWidth(0.4)
        .strokeColor('#999999')
        .stroke();
    }
  }
}
