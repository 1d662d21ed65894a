/**
 * Summary of a V8 .cpuprofile (node --cpu-prof): self and total time by package and by function, and
 * a folded-stacks file (one line per distinct stack, `frame;frame;frame samples`, the input of
 * flamegraph.pl or speedscope).
 *
 *   npx tsx scripts/bench/cpuprofile-summary.ts <file.cpuprofile> [requests] [fromUs toUs]
 *
 * Writes <file>.folded.txt and <file>.summary.txt beside the profile and prints the summary.
 * `requests` turns times into µs per request; fromUs/toUs (the profile's monotonic clock, which is
 * process.hrtime's) keep only the samples of that window, e.g. the measured load run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where a frame's code comes from: a package of node_modules, node itself, V8's pseudo-frames, or
 * a folder of ours (server/<folder>, common, drizzle, scripts). */
export function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + '/node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith('node:')) return 'node';
  const file = url.replace(/^file:\/\//, '');
  const rel = path.relative(ROOT, file);
  if (rel.startsWith('..')) return file.includes('/server/') ? `ours: ${file.slice(file.indexOf('/server/') + 1).split('/').slice(0, 2).join('/')}` : file;
  const parts = rel.split('/');
  if (parts[0] === 'server') return `ours: server/${parts.length > 2 ? parts[1] : parts[1].replace(/\.[jt]s$/, '')}`;
  return `ours: ${parts[0]}`;
}

const frameName = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const file = url ? `${url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\//, '').replace(`${ROOT}/`, '')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
};

export function summarizeProfile(file: string, requests?: number, window?: { fromUs: number; toUs: number }) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // Each sample's time is the delta to the next sample (the last one gets the mean).
  const selfUs = new Map<number, number>();
  let t = profile.startTime;
  let kept = 0;
  let keptUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if (window && (t < window.fromUs || t > window.toUs)) continue;
    const us = profile.timeDeltas[i + 1] ?? (profile.endTime - profile.startTime) / profile.samples.length;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + us);
    kept++;
    keptUs += us;
  }
  const stackOf = (id: number) => {
    const stack: ProfileNode[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) stack.unshift(byId.get(cur)!);
    return stack.slice(1); // without (root)
  };
  const idle = new Set(['(idle)', '(program)']);
  const busyUs = [...selfUs].filter(([id]) => !idle.has(byId.get(id)!.callFrame.functionName)).reduce((a, [, us]) => a + us, 0);

  const selfByPackage = new Map<string, number>();
  const totalByPackage = new Map<string, number>();
  const selfByFunction = new Map<string, { us: number; pkg: string }>();
  const totalByFunction = new Map<string, { us: number; pkg: string }>();
  const folded = new Map<string, number>();
  const add = <V extends { us: number }>(m: Map<string, V>, key: string, us: number, make: () => V) => {
    const v = m.get(key) ?? make();
    v.us += us;
    m.set(key, v);
  };
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    const stack = stackOf(id);
    const pkg = packageOf(node.callFrame.url, node.callFrame.functionName);
    selfByPackage.set(pkg, (selfByPackage.get(pkg) ?? 0) + us);
    add(selfByFunction, frameName(node), us, () => ({ us: 0, pkg }));
    for (const p of new Set(stack.map((n) => packageOf(n.callFrame.url, n.callFrame.functionName)))) {
      totalByPackage.set(p, (totalByPackage.get(p) ?? 0) + us);
    }
    for (const name of new Set(stack.map(frameName))) {
      const n = stack.find((s) => frameName(s) === name)!;
      add(totalByFunction, name, us, () => ({ us: 0, pkg: packageOf(n.callFrame.url, n.callFrame.functionName) }));
    }
    const key = stack.map((n) => `${frameName(n)} [${packageOf(n.callFrame.url, n.callFrame.functionName)}]`.replace(/;/g, ',')).join(';');
    folded.set(key, (folded.get(key) ?? 0) + us);
  }

  const per = (us: number) => (requests ? `${(us / requests).toFixed(1).padStart(8)} µs/req` : '');
  const pct = (us: number) => `${((100 * us) / Math.max(1, busyUs)).toFixed(1).padStart(5)}%`;
  const lines: string[] = [];
  lines.push(`profile ${file}`);
  lines.push(`${kept} samples, ${(keptUs / 1000).toFixed(0)} ms sampled, ${(busyUs / 1000).toFixed(0)} ms busy (not idle/program)` +
    `${requests ? `, ${requests} requests: ${(busyUs / requests).toFixed(1)} µs busy per request` : ''}; % of busy time`);
  const table = (title: string, rows: Array<[string, number, string?]>, limit: number) => {
    lines.push('', title);
    for (const [name, us, pkg] of rows.sort((a, b) => b[1] - a[1]).slice(0, limit)) {
      lines.push(`  ${pct(us)} ${per(us)}  ${pkg ? `${pkg.padEnd(24)} ` : ''}${name}`);
    }
  };
  table('self time by package', [...selfByPackage].filter(([p]) => !idle.has(p)), 40);
  table('total time by package (a sample counts once for each package on its stack)', [...totalByPackage].filter(([p]) => !idle.has(p)), 40);
  table('self time by function', [...selfByFunction].filter(([, v]) => !idle.has(v.pkg)).map(([k, v]) => [k, v.us, v.pkg]), 50);
  table('total time by function (top-down)', [...totalByFunction].filter(([, v]) => !idle.has(v.pkg)).map(([k, v]) => [k, v.us, v.pkg]), 60);

  const foldedFile = file.replace(/\.cpuprofile$/, '') + '.folded.txt';
  const summaryFile = file.replace(/\.cpuprofile$/, '') + '.summary.txt';
  writeFileSync(foldedFile, [...folded].sort((a, b) => b[1] - a[1]).map(([k, us]) => `${k} ${Math.round(us)}`).join('\n') + '\n');
  writeFileSync(summaryFile, lines.join('\n') + '\n');
  return { text: lines.join('\n'), foldedFile, summaryFile, busyUs };
}

if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const [file, requests, fromUs, toUs] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpuprofile-summary.ts <file.cpuprofile> [requests] [fromUs toUs]');
  const r = summarizeProfile(file, requests ? Number(requests) : undefined,
    fromUs && toUs ? { fromUs: Number(fromUs), toUs: Number(toUs) } : undefined);
  console.log(r.text);
  console.log(`\nwritten: ${r.summaryFile}, ${r.foldedFile}`);
}
