/** Saves a blob or text as a file through a temporary link. */
export function download(name: string, data: Blob | string, type = 'text/plain'): void {
  const blob = typeof data === 'string' ? new Blob([data], { type }) : data;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const SAFE_NAME = /^[A-Za-z0-9_.-]+$/;

/** docs/product/gameplay.md §5 "GCG download name": nicknames only when they are all file-safe. */
export function gcgFileName(nicknames: readonly string[], gameId: string): string {
  return nicknames.length === 2 && nicknames.every((n) => SAFE_NAME.test(n))
    ? `${nicknames[0]}-vs-${nicknames[1]}-${gameId}.gcg`
    : `${gameId}.gcg`;
}
