// The store's e-mails as the file mailer writes them under its DATA_DIR (one .eml per message, written whole): what
// a shopper or a staff member would read, found by recipient and a piece of its text.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * A message's text: its header block as written, then the rest with quoted-printable soft breaks joined and its
 * escapes decoded as UTF-8 bytes. Headers are never quoted-printable: decoding them would turn a token's `=0D`
 * into a carriage return.
 */
function decoded(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  if (end < 0) return raw;
  return raw.slice(0, end) + decodedBody(raw.slice(end));
}

function decodedBody(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const latin1 = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

/**
 * Waits for the newest message to `to` whose decoded text matches `pattern`, and answers that text. The outbox's
 * sender looks every 10 seconds, so a message may take that long to appear.
 */
export async function mailTo(to: string, pattern: RegExp): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  let found = '';
  await expect
    .poll(
      async () => {
        const names = (await readdir(dir).catch(() => [] as string[]))
          .filter((n) => n.endsWith('.eml'))
          .sort();
        for (const name of names.reverse()) {
          const text = decoded(await readFile(path.join(dir, name), 'utf8'));
          if (!text.includes(`To: ${to}`) || !pattern.test(text)) continue;
          found = text;
          return true;
        }
        return false;
      },
      { message: `mail to ${to} matching ${pattern}`, timeout: 30_000 },
    )
    .toBe(true);
  return found;
}
