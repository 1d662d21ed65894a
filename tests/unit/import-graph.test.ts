import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

// The import graph's guardrail: no circle of files and no loop of server modules, type-only imports
// included (eslint's import-x/no-cycle, which this replaces, skips those, and walks the imports
// again from every file it lints; this reads each file once). Every import counts: static,
// `import type`, `export ... from`, a type's `import('./x')` and a dynamic `import('./x')` (a lazy
// screen fetched later still depends on its file, and a circle through it is still two files that
// know each other). Imports are resolved as the compiler resolves them, with the options of
// tsconfig.json (the tests' and the client's projects resolve the same way: they only add
// libraries and types).

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Every TypeScript file of these folders is a node of the graph. */
const FOLDERS = ['server', 'common', 'client/src', 'scripts', 'drizzle', 'tests'];
/** Imports of what is not code (styles, fonts): nothing to follow. */
const ASSET = /\.(css|svg|png|jpe?g|webp|woff2?)(\?.*)?$/;

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

type ImportKind = 'value' | 'type' | 'dynamic';
interface Import { specifier: string; kind: ImportKind }
interface Edge { to: string; kind: ImportKind }
type Graph = Map<string, Edge[]>;

const typeOnlyClause = (clause: ts.ImportClause | undefined) => clause !== undefined && (clause.isTypeOnly
  || (!clause.name && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings)
    && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));

/** What a file imports, and how: read from its syntax tree, so comments and strings never count. */
function importsOf(fileName: string, text: string): Import[] {
  const kindOfScript = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kindOfScript);
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, kind: typeOnlyClause(node.importClause) ? 'type' : 'value' });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.isTypeOnly || (node.exportClause !== undefined && ts.isNamedExports(node.exportClause)
        && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, kind: typeOnly ? 'type' : 'value' });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)
      && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push({ specifier: node.moduleReference.expression.text, kind: node.isTypeOnly ? 'type' : 'value' });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, kind: 'type' });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
      && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      found.push({ specifier: node.arguments[0].text, kind: 'dynamic' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The repository's files and their imports of each other; `unresolved` lists the relative imports
 * of code that lead nowhere (the graph would silently lack an edge). */
function repositoryGraph(): { graph: Graph; unresolved: string[] } {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, {
    ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => { throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')); },
  });
  if (!config) throw new Error('tsconfig.json could not be read');
  const cache = ts.createModuleResolutionCache(ROOT, (name) => name, config.options);
  const graph: Graph = new Map();
  const unresolved: string[] = [];
  for (const file of FOLDERS.flatMap((folder) => filesUnder(path.join(ROOT, folder)))) {
    const edges: Edge[] = [];
    for (const { specifier, kind } of importsOf(file, readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.') || ASSET.test(specifier)) continue; // a package, or a style
      const resolved = ts.resolveModuleName(specifier, file, config.options, ts.sys, cache).resolvedModule;
      if (!resolved) unresolved.push(`${relative(file)}: '${specifier}'`);
      else edges.push({ to: path.resolve(resolved.resolvedFileName), kind });
    }
    graph.set(file, edges);
  }
  return { graph, unresolved };
}

/** The strongly connected components of more than one node (Tarjan's algorithm, without recursion:
 * a long chain of imports must not overflow the stack). Each is a set of nodes that all reach each other. */
function knots<N>(nodes: Iterable<N>, next: (node: N) => Iterable<N>): N[][] {
  const index = new Map<N, number>();
  const low = new Map<N, number>();
  const onStack = new Set<N>();
  const stack: N[] = [];
  const found: N[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: Array<{ node: N; rest: Iterator<N> }> = [];
    const enter = (node: N) => {
      index.set(node, counter); low.set(node, counter); counter += 1;
      stack.push(node); onStack.add(node);
      work.push({ node, rest: next(node)[Symbol.iterator]() });
    };
    enter(root);
    while (work.length) {
      const top = work[work.length - 1];
      const step = top.rest.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const knot: N[] = [];
        let member: N;
        do { member = stack.pop()!; onStack.delete(member); knot.push(member); } while (member !== top.node);
        if (knot.length > 1) found.push(knot);
      }
    }
  }
  return found;
}

/**
 * One circle through a knot, for the reader: the shortest way from its first node (by name) back
 * to it, each step followed by what makes it when there is something to say, then the knot's other
 * nodes, if any.
 */
function describeKnot(knot: string[], steps: (from: string) => Map<string, string>): string {
  const members = new Set(knot);
  const start = [...knot].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length && !cameFrom.has(start)) {
    const node = queue.shift()!;
    for (const to of steps(node).keys()) {
      if (!members.has(to) || cameFrom.has(to)) continue;
      cameFrom.set(to, node);
      queue.push(to);
    }
  }
  const between: string[] = [];
  for (let node = cameFrom.get(start)!; node !== start; node = cameFrom.get(node)!) between.unshift(node);
  const circle = [start, ...between];
  const way = [...circle, start].map((node, i, all) => {
    const why = i === 0 ? '' : steps(all[i - 1]).get(node);
    return why ? `${node} (${why})` : node;
  });
  const others = knot.filter((node) => !circle.includes(node)).sort();
  return way.join(' → ') + (others.length ? `; in the same knot: ${others.join(', ')}` : '');
}

/**
 * The server module a file belongs to: server/modules/<domain>/, and every folder inside a module is
 * a module of its own (server/modules/admin/<x>/), as the lint's module boundaries say. Files outside
 * server/modules/ belong to no module (server/core/ imports no module: its own lint rule).
 */
function moduleOf(file: string): string | undefined {
  const match = /^server\/modules\/([^/]+)\/(?:([^/]+)\/)?/.exec(relative(file));
  if (!match) return undefined;
  return match[2] ? `${match[1]}/${match[2]}` : match[1];
}

describe('the import graph', { timeout: 60_000 }, () => {
  let graph: Graph;
  let unresolved: string[];
  beforeAll(() => ({ graph, unresolved } = repositoryGraph()), 60_000);

  it('reads every kind of import: static, type-only, re-exports, type queries and import()', () => {
    const imports = importsOf('probe.ts', [
      `import a from './a.js';`, `import type { B } from './b.js';`, `import { type C, type D } from './c.js';`,
      `import { type E, f } from './e.js';`, `export * from './g.js';`, `export type { H } from './h.js';`,
      `type I = typeof import('./i.js');`, `const j = () => import('./j.js');`, `// import k from './k.js';`,
      `const l = "import m from './m.js'";`,
    ].join('\n'));
    expect(imports).toEqual([
      { specifier: './a.js', kind: 'value' }, { specifier: './b.js', kind: 'type' }, { specifier: './c.js', kind: 'type' },
      { specifier: './e.js', kind: 'value' }, { specifier: './g.js', kind: 'value' }, { specifier: './h.js', kind: 'type' },
      { specifier: './i.js', kind: 'type' }, { specifier: './j.js', kind: 'dynamic' },
    ]);
  });

  it('finds the knots of a graph, and names a file\'s module', () => {
    const edges: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['e'] };
    expect(knots(Object.keys(edges), (n) => edges[n]).map((knot) => knot.sort())).toEqual([['a', 'b', 'c']]);
    expect(moduleOf(path.join(ROOT, 'server/modules/admin/plans/service.ts'))).toBe('admin/plans');
    expect(moduleOf(path.join(ROOT, 'server/modules/admin/router.ts'))).toBe('admin');
    expect(moduleOf(path.join(ROOT, 'server/core/errors.ts'))).toBeUndefined();
  });

  it('holds the type-only imports: the client\'s `import type { AppRouter }` of the server is an edge', () => {
    expect(graph.get(path.join(ROOT, 'client/src/lib/trpc.ts'))).toContainEqual({ to: path.join(ROOT, 'server/root.ts'), kind: 'type' });
  });

  it('resolves every relative import of code to a file', () => {
    expect(unresolved).toEqual([]);
  });

  it('has no circle of files', () => {
    const steps = (file: string) => new Map((graph.get(file) ?? []).map((e) => [relative(e.to), e.kind === 'value' ? '' : e.kind]));
    const byName = new Map([...graph.keys()].map((file) => [relative(file), file]));
    const circles = knots(byName.keys(), (name) => steps(byName.get(name)!).keys())
      .map((knot) => describeKnot(knot, (name) => steps(byName.get(name)!)));
    expect(circles).toEqual([]);
  });

  it('has no loop of server modules (a module imports another, which imports it back, maybe through others)', () => {
    const between = new Map<string, Map<string, string>>();
    for (const [file, edges] of graph) {
      const from = moduleOf(file);
      if (!from) continue;
      for (const edge of edges) {
        const to = moduleOf(edge.to);
        if (!to || to === from) continue;
        if (!between.has(from)) between.set(from, new Map());
        const why = between.get(from)!;
        if (!why.has(to)) why.set(to, `${relative(file)} imports ${relative(edge.to)}${edge.kind === 'value' ? '' : `, ${edge.kind}`}`);
      }
    }
    const steps = (module: string) => between.get(module) ?? new Map<string, string>();
    const loops = knots(between.keys(), (module) => steps(module).keys()).map((knot) => describeKnot(knot, steps));
    expect(loops).toEqual([]);
  });
});
