// Saving a file the API answered (a CSV export) under the name the server
// gave it in Content-Disposition, or a fallback.

/** The file name of a Content-Disposition header, or `fallback`. */
export function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/** Hands the blob to the browser as a download. */
export function saveDownload(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started by then; the object URL is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
