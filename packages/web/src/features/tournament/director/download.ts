/** Saves bytes or text as a file in the browser. */
export function download(name: string, data: Uint8Array | string, type: string): void {
  const blob = new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** A file name from a tournament's name. */
export const fileBase = (name: string) =>
  name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'tournament';
