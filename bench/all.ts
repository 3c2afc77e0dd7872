// `npm run bench`: every benchmark in turn (api, pages, and checkout when bench/checkout.ts exists), each in its
// own process; then writes every figure with its target to bench/results/latest.json (ignored by git) and a
// readable summary to bench/results/latest.md (kept in git: the figures the README quotes).
//
//   npm run bench               # full runs (about 25 minutes on 2 cores)
//   npm run bench -- --quick    # short runs, to check that everything works
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isInterrupted, onInterrupt } from './lib/cleanup.ts';
import {
  type BenchResult,
  type Figure,
  figure,
  formatNumber,
  machine,
  mark,
  markdownTable,
  targetText,
  textTable,
} from './lib/report.ts';
import { buildIfStale, root } from './lib/store.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
  },
});
const resultsDir = path.join(root, 'bench/results');

function run(script: string, argv: string[], capture = false): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...argv], {
      cwd: root,
      stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'],
    });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      process.stdout.write(chunk);
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    // Interrupted: the benchmark stops what it started; wait for it (a terminal's Ctrl-C reaches it anyway).
    const unregister = onInterrupt(async () => {
      child.kill('SIGINT');
      await exited;
    });
    child.once('exit', (code) => {
      unregister();
      resolve({ code: code ?? 1, stdout });
    });
  });
}

/** bench:checkout prints `  name  value` rows after its progress lines; keep them as figures. */
function checkoutResult(stdout: string, startedAt: string, argv: string[]): BenchResult {
  const rows: string[][] = [];
  const figures: Figure[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^ {2}(\S.*?\S) {2,}(\S.*)$/.exec(line);
    if (!m) continue;
    const [, name, value] = m as unknown as [string, string, string];
    const number = /^-?[\d.]+/.exec(value.replace(/,/g, ''));
    const unit = value.replace(/^-?[\d.,]+\s*/, '');
    const target = name === 'race: oversell' ? ({ op: '<=', value: 0 } as const) : undefined;
    if (number && /^(ms|s)?$/.test(unit))
      figures.push(figure('checkout', name, Number(number[0]), unit, target));
    rows.push([name, target ? `${value} ${mark(figures.at(-1))}` : value]);
  }
  return {
    bench: 'checkout',
    startedAt,
    options: { argv },
    figures,
    tables: [
      { title: 'Checkout (cash on delivery) and the last-units race', header: ['measure', 'value'], rows },
    ],
    notes: [],
  };
}

function summaryMarkdown(results: BenchResult[], failures: string[], startedAt: string) {
  const m = machine();
  const targets = results.flatMap((r) => r.figures.filter((f) => f.target));
  const lines = [
    '# Benchmark results',
    '',
    `Run ${startedAt.slice(0, 16).replace('T', ' ')} UTC with \`npm run bench${args.quick ? ' -- --quick' : ''}\` on ` +
      `${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB, Node ${m.node}, ${m.platform}.` +
      ' Timings vary with the machine and whatever else runs on it; read them as orders of magnitude and ratios.',
    '',
    '## Targets',
    '',
    markdownTable(
      ['figure', 'measured', 'target', ''],
      targets.map((f) => [
        `${f.subject}: ${f.metric}`,
        `${f.value}${f.unit && f.unit !== 'x' ? ` ${f.unit}` : f.unit}`,
        targetText(f.target, f.unit === 'x' ? '' : f.unit),
        mark(f),
      ]),
    ),
    '',
  ];
  for (const r of results) {
    lines.push(`## ${r.bench}`, '');
    for (const t of r.tables) lines.push(`**${t.title}**`, '', markdownTable(t.header, t.rows), '');
    for (const n of r.notes) lines.push(`- ${n}`);
    if (r.notes.length) lines.push('');
  }
  if (failures.length) lines.push('## Failed', '', ...failures.map((f) => `- ${f}`), '');
  return lines.join('\n');
}

async function main() {
  const startedAt = new Date().toISOString();
  if (!args['skip-build']) buildIfStale();
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-bench-all-'));
  onInterrupt(() => fs.rm(tmp, { recursive: true, force: true }));
  const results: BenchResult[] = [];
  const failures: string[] = [];
  const common = ['--skip-build', ...(args.quick ? ['--quick'] : [])];
  try {
    for (const name of ['api', 'pages']) {
      process.stdout.write(`\n=== bench:${name}\n`);
      const out = path.join(tmp, `${name}.json`);
      const { code } = await run(`bench/${name}.ts`, [...common, '--out', out]);
      if (isInterrupted()) return;
      if (code !== 0 || !existsSync(out)) failures.push(`bench:${name} exited with code ${code}`);
      else results.push(JSON.parse(await fs.readFile(out, 'utf8')) as BenchResult);
    }
    if (existsSync(path.join(root, 'bench/checkout.ts'))) {
      process.stdout.write('\n=== bench:checkout\n');
      const argv = args.quick ? ['--duration', '3'] : [];
      const started = new Date().toISOString();
      const { code, stdout } = await run('bench/checkout.ts', argv, true);
      if (isInterrupted()) return;
      if (code !== 0) failures.push(`bench:checkout exited with code ${code}`);
      results.push(checkoutResult(stdout, started, argv));
    }
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }

  await fs.mkdir(resultsDir, { recursive: true });
  const json = { startedAt, quick: args.quick, machine: machine(), failures, results };
  await fs.writeFile(path.join(resultsDir, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
  await fs.writeFile(path.join(resultsDir, 'latest.md'), summaryMarkdown(results, failures, startedAt));

  const targets = results.flatMap((r) => r.figures.filter((f) => f.target));
  process.stdout.write('\n=== Targets\n');
  process.stdout.write(
    `${textTable(
      ['figure', 'measured', 'target', ''],
      targets.map((f) => [
        `${f.subject}: ${f.metric}`,
        `${formatNumber(f.value, Number.isInteger(f.value) ? 0 : 2)}${f.unit === 'x' ? 'x' : ` ${f.unit}`}`,
        targetText(f.target, f.unit === 'x' ? '' : f.unit),
        mark(f),
      ]),
    )}\n`,
  );
  const met = targets.filter((f) => f.met).length;
  process.stdout.write(
    `\n${met} of ${targets.length} targets met. Written: bench/results/latest.json, bench/results/latest.md\n`,
  );
  if (failures.length) {
    process.stdout.write(`Failed: ${failures.join('; ')}\n`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  // Interrupted: the cleanup in lib/cleanup.ts exits once everything is stopped.
  if (isInterrupted()) return;
  console.error(err);
  process.exit(1);
});
