// Any console.error during a test fails it: errors that only get logged are bugs we would otherwise miss.
import { afterEach, beforeEach, vi } from 'vitest';

let calls: unknown[][] = [];
beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (calls.length) {
    const text = calls.map((c) => c.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});
