/**
 * Hands a file to the browser as a download (a Blob behind a hidden <a download>): how the browser
 * shell saves what the app exports. Electron asks where to save it.
 */
export function offerDownload(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next minute; the Blob is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
