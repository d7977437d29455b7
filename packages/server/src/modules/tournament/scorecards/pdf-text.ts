/** Drawing text on a PDFKit page, shared by the scorecards and the other printouts. */

/** The printouts' ink: near-black, kinder to laser printers than pure black. */
export const INK = '#111111';

/** Draws one line of text at (x, top) in the given font, size and colour, never wrapping it. */
export function put(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  top: number,
  font: string,
  fontSize: number,
  color = INK,
): void {
  doc.font(font).fontSize(fontSize).fillColor(color);
  doc.text(text, x, top, { lineBreak: false });
}

/** A function giving a string's width in the given font and size. */
export function measure(
  doc: PDFKit.PDFDocument,
  font: string,
  fontSize: number,
): (s: string) => number {
  return (s) => doc.font(font).fontSize(fontSize).widthOfString(s);
}
