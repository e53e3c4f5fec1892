/** A one-line progress display for a terminal; silent when the output is not a terminal. */
export function progressLine(
  dataset: string,
  phase: string,
  done: number,
  total: number | null,
  width = 24,
): string {
  if (total === null || total <= 0) return `${dataset.padEnd(9)} ${phase} ${done}`;
  const share = Math.min(1, done / total);
  const filled = Math.round(share * width);
  return `${dataset.padEnd(9)} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${String(Math.round(share * 100)).padStart(3)}% ${phase}`;
}

export function terminalProgress(stream: NodeJS.WriteStream): { update(line: string): void; done(): void } {
  if (!stream.isTTY) return { update: () => {}, done: () => {} };
  let shown = false;
  return {
    update(line) {
      stream.write(`\r\x1b[2K${line.slice(0, Math.max(10, (stream.columns ?? 80) - 1))}`);
      shown = true;
    },
    done() {
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}
