export interface TextFile {
  fileName: string;
  content: string;
}

/** The download of newly created codes: '<name>.txt', one code per line (spec section 7). */
export function codesFile(name: string, codes: readonly string[]): TextFile {
  return { fileName: `${name}.txt`, content: codes.map((code) => `${code}\n`).join('') };
}

/** Offers text as a UTF-8 plain-text download. */
export function downloadTextFile({ fileName, content }: TextFile): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked later: some browsers start reading the blob only after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
