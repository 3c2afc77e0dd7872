import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BareServer {
  base: string;
  stop(): Promise<void>;
}

/** Starts bare-server.ts in a child process answering `body` with `contentType`. */
export async function startBareServer(body: Buffer, contentType: string): Promise<BareServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-bare-'));
  const bodyFile = path.join(dir, 'body');
  await fs.writeFile(bodyFile, body);
  const child = fork(fileURLToPath(new URL('./bare-server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BARE_BODY_FILE: bodyFile, BARE_CONTENT_TYPE: contentType },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  }).finally(() => fs.rm(dir, { recursive: true, force: true }));
  // The body is in the child's memory once it listens: its file is already gone. An interrupted parent takes
  // the child with it (IPC disconnect).
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGINT');
      await exited;
    },
  };
}
