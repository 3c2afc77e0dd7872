// CPU time spent by an embedded PostgreSQL server (Linux only): the postmaster's own and its reaped children's,
// plus each live backend's. On a shared machine a step's wall time says more about the neighbours than about the
// step; the CPU both processes spent on it does not.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** utime, stime, cutime and cstime of a process, in clock ticks, and its parent's pid. */
function stat(pid: string): { ppid: string; own: number; children: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields are counted after it.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const tick = (i: number) => Number(fields[i]);
    return { ppid: fields[1] ?? '', own: tick(11) + tick(12), children: tick(13) + tick(14) };
  } catch {
    return undefined;
  }
}

/** A reader of the server's CPU milliseconds so far, or undefined when it cannot be read (not Linux, not embedded). */
export function postgresCpu(dataDir: string): (() => number) | undefined {
  let postmaster: string;
  let ticksPerSecond: number;
  try {
    postmaster = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]?.trim() ?? '';
    ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return undefined;
  }
  if (!stat(postmaster) || !ticksPerSecond) return undefined;
  return () => {
    const root = stat(postmaster);
    let ticks = root ? root.own + root.children : 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const child = stat(pid);
      if (child?.ppid === postmaster) ticks += child.own;
    }
    return (ticks / ticksPerSecond) * 1000;
  };
}
