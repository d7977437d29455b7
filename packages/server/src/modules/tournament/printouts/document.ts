import PDFDocument from 'pdfkit';
import { winAnsi } from '../scorecards/index.ts';

/** A PDF being written, and a promise of its bytes once `doc.end()` is called. */
export function newDocument(title: string): {
  doc: PDFKit.PDFDocument;
  bytes: Promise<Uint8Array>;
} {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: { Title: winAnsi(title), Creator: 'Tessera' },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** A4 in PDF points, portrait and landscape. */
export const A4_PORTRAIT: [number, number] = [595.28, 841.89];
export const A4_LANDSCAPE: [number, number] = [841.89, 595.28];

/** Lets other requests in between pages of a big printout. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
