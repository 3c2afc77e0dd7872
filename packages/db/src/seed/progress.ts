// A dependency-free progress display for the seed CLI: a redrawn bar on a terminal, occasional plain lines in
// logs and CI (where carriage returns would pile up into one unreadable line).

export interface ProgressOptions {
  /** Bar width in characters (default 28). */
  width?: number;
}

/** 'products  [##########------------------]  37%  3700/10000' */
export function renderProgressBar(
  done: number,
  total: number,
  label: string,
  options: ProgressOptions = {},
): string {
  const width = options.width ?? 28;
  const ratio = total > 0 ? Math.min(1, Math.max(0, done / total)) : 1;
  const filled = Math.round(ratio * width);
  const percent = `${Math.floor(ratio * 100)}%`.padStart(4);
  return `${label.padEnd(11)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${percent}  ${done}/${total}`;
}

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * An onProgress handler printing to `stream`. On a TTY it redraws one line per phase; otherwise it prints a line
 * when a phase starts, every `plainEveryMs` (default 2 s) and when it ends.
 */
export function progressPrinter(
  stream: ProgressStream,
  options: ProgressOptions & { plainEveryMs?: number; now?: () => number } = {},
): (done: number, total: number, phase: string) => void {
  const now = options.now ?? (() => Date.now());
  const every = options.plainEveryMs ?? 2000;
  let current = '';
  let lastPrinted = 0;
  return (done, total, phase) => {
    const finished = done >= total;
    if (stream.isTTY) {
      if (phase !== current && current) stream.write('\n');
      current = phase;
      stream.write(`\r${renderProgressBar(done, total, phase, options)}`);
      if (finished) {
        stream.write('\n');
        current = '';
      }
      return;
    }
    const started = phase !== current;
    if (started || finished || now() - lastPrinted >= every) {
      if (started) current = phase;
      lastPrinted = now();
      stream.write(`${renderProgressBar(done, total, phase, options)}\n`);
      if (finished) current = '';
    }
  };
}
