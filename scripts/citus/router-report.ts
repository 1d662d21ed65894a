/**
 * Which statements of the tenant door go to one shard, from the plans Citus executed: the test run
 * on Citus (scripts/citus/test.ts) loads auto_explain for the tenant door's login only, so the
 * coordinator's log holds the plan (EXPLAIN, JSON) of every statement a church request ran, with its
 * real parameters. Each distinct statement is then:
 * - router: one Citus scan of one task and no sub-plan, the whole statement on the church's shard;
 * - multi-step: every task on one shard, but in several steps (Citus planned parts of it, e.g. a
 *   CTE, as sub-plans whose results travel through the coordinator);
 * - multi-shard: some scan with more than one task: it asks several shards (a query that does not
 *   name its church for every church table);
 * - coordinator: no Citus scan (catalog reads of the driver).
 * A multi-shard or multi-step statement not matched by KNOWN_NOT_ROUTED is reported as to fix.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export type Routing = 'router' | 'multi-step' | 'multi-shard' | 'coordinator';

/** Statements that may leave one shard, with the reason. Matched against the statement's text. */
export const KNOWN_NOT_ROUTED: Array<{ pattern: RegExp; reason: string }> = [
];

interface StatementStats { text: string; routing: Routing; runs: number; maxTasks: number; known?: string }

/** What a transaction of the tenant door opened by test code (not by the server) names itself on
 * Citus (tests/helpers/app.ts), so that the report counts the tests' own statements apart. */
export const TESTS_OWN_APPLICATION_NAME = 'tests-own';

/** The log_line_prefix the coordinator is started with: the login and the application name. */
export const ROUTER_LOG_LINE_PREFIX = '@@%u@@%a@@ ';

/** The plan entries of the tenant login in a coordinator log written with ROUTER_LOG_LINE_PREFIX. */
function* planEntries(log: string, loginPattern: RegExp): Generator<{ text: string; plan: unknown; application: string }> {
  for (const entry of log.split(/\n(?=@@)/)) {
    const match = /^@@([^@]*)@@([^@]*)@@ LOG: {2}duration: [\d.]+ ms {2}plan:\n([\s\S]*)$/.exec(entry);
    if (!match || !loginPattern.test(match[1])) continue;
    // auto_explain indents each line of the plan with a tab.
    const body = match[3].split('\n').map((line) => line.replace(/^\t/, '')).join('\n');
    try {
      const parsed = JSON.parse(body) as { 'Query Text': string; Plan: unknown };
      yield { text: parsed['Query Text'].trim(), plan: parsed.Plan, application: match[2] };
    } catch {
      // A line that is not part of this plan: never happens with the settings above; skipped if it does.
    }
  }
}

function routingOf(plan: unknown): { routing: Routing; maxTasks: number } {
  const taskCounts: number[] = [];
  let subPlans = 0;
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Task Count' && typeof value === 'number') taskCounts.push(value);
        if (key === 'Subplans' && Array.isArray(value)) subPlans += value.length;
        walk(value);
      }
    }
  };
  walk(plan);
  const maxTasks = Math.max(0, ...taskCounts);
  if (!taskCounts.length) return { routing: 'coordinator', maxTasks };
  if (maxTasks > 1) return { routing: 'multi-shard', maxTasks };
  return { routing: subPlans > 0 || taskCounts.length > 1 ? 'multi-step' : 'router', maxTasks };
}

export interface RouterReport {
  /** Statements the server sent for requests. */
  statements: StatementStats[];
  counts: Record<Routing, number>;
  toFix: StatementStats[];
  /** The tests' own statements (setup through the tenant door, and checks that ask a table without
   * naming a church to prove row-level security alone filters): counted, never to fix. */
  testsOwn: { statements: number; notRouted: number };
}

function tally(entries: Iterable<{ text: string; plan: unknown }>): StatementStats[] {
  const byText = new Map<string, StatementStats>();
  for (const { text, plan } of entries) {
    // Citus's own internal statements (intermediate results of sub-plans) are part of their parent.
    if (text.includes('read_intermediate_result(')) continue;
    const { routing, maxTasks } = routingOf(plan);
    const seen = byText.get(text);
    if (seen) {
      seen.runs++;
      // A statement is as bad as its worst run (one with an empty list may route where another does not).
      if (maxTasks > seen.maxTasks) Object.assign(seen, { routing, maxTasks });
    } else {
      byText.set(text, { text, routing, runs: 1, maxTasks });
    }
  }
  return [...byText.values()];
}

const notRouted = (s: StatementStats) => s.routing === 'multi-shard' || s.routing === 'multi-step';

export function routerReport(logFile: string, loginPattern = /^app_tenant_login_/): RouterReport {
  const entries = [...planEntries(readFileSync(logFile, 'utf8'), loginPattern)];
  const statements = tally(entries.filter((e) => e.application !== TESTS_OWN_APPLICATION_NAME));
  const testsOwn = tally(entries.filter((e) => e.application === TESTS_OWN_APPLICATION_NAME));
  for (const statement of statements) {
    statement.known = KNOWN_NOT_ROUTED.find((entry) => entry.pattern.test(statement.text))?.reason;
  }
  const counts: Record<Routing, number> = { router: 0, 'multi-step': 0, 'multi-shard': 0, coordinator: 0 };
  for (const statement of statements) counts[statement.routing]++;
  const toFix = statements.filter((s) => notRouted(s) && !s.known);
  return { statements, counts, toFix, testsOwn: { statements: testsOwn.length, notRouted: testsOwn.filter(notRouted).length } };
}

/** Writes the report as text (every statement not routed, with its reason or "to fix") and prints a summary. */
export function writeRouterReport(report: RouterReport, file: string): void {
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 400);
  const lines = [
    `statements the server sent through the tenant door on Citus: ${report.statements.length} distinct`,
    ...Object.entries(report.counts).map(([routing, n]) => `  ${routing}: ${n}`),
    `the tests' own statements (setup, and checks of row-level security that name no church): ${report.testsOwn.statements} distinct, ${report.testsOwn.notRouted} not routed`,
    '',
    ...report.statements
      .filter(notRouted)
      .sort((a, b) => b.runs - a.runs)
      .map((s) => `[${s.routing}, ${s.maxTasks} tasks, ${s.runs} runs] ${s.known ? `known: ${s.known}` : 'TO FIX'}\n  ${oneLine(s.text)}`),
  ];
  writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(lines.slice(0, 6).join('\n'));
  console.log(`  not routed and not known: ${report.toFix.length} (list in ${file})`);
}
