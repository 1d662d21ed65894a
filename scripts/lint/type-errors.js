// An ESLint rule that reports TypeScript's own errors (what `tsc` reports) for each linted file,
// from the program typescript-eslint already built for the file's project: `npm test` type checks
// and lints with one program per project instead of building each twice (`npm run typecheck` runs
// `tsc` itself, for editors and quick checks).
import ts from 'typescript';

/** @type {import('eslint').Rule.RuleModule} */
export const typeErrors = {
  meta: {
    type: 'problem',
    docs: { description: 'TypeScript compiler errors (syntactic and semantic) of the file.' },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    const program = services?.program;
    if (!program) return {};
    return {
      Program(node) {
        const file = program.getSourceFile(context.filename);
        if (!file) return;
        const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
        for (const diagnostic of diagnostics) {
          const message = `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
          if (diagnostic.start === undefined) {
            context.report({ node, message });
            continue;
          }
          const start = file.getLineAndCharacterOfPosition(diagnostic.start);
          const end = file.getLineAndCharacterOfPosition(diagnostic.start + (diagnostic.length ?? 0));
          context.report({
            loc: { start: { line: start.line + 1, column: start.character }, end: { line: end.line + 1, column: end.character } },
            message,
          });
        }
      },
    };
  },
};
