import QRCode from 'qrcode';

/**
 * Draws a QR code as vector squares (sharp at any printer resolution) with its top left corner
 * at (x, y) and `size` points wide, quiet zone included (four modules each side, as the QR
 * standard asks). Error correction level M: it survives a crease or a coffee ring.
 */
export function drawQrCode(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  size: number,
): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const QUIET = 4;
  const cell = size / (modules.size + 2 * QUIET);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    // One rectangle per horizontal run of dark modules keeps the page small.
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      doc.rect(x + (QUIET + start) * cell, y + (QUIET + row) * cell, (col - start) * cell, cell);
    }
  }
  doc.fill('#000000');
  doc.restore();
}
