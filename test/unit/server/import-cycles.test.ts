import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = resolve(__dirname, '../../../server');

/** The relative modules a source file loads at run time: type-only imports and re-exports are erased. */
function runtimeSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const erased =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!erased) out.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      out.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return out.filter((s) => s.startsWith('.'));
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Module → the modules it loads at run time, paths relative to `root`. */
function runtimeImportGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const targets = runtimeSpecifiers(file, readFileSync(file, 'utf8'))
      .map((s) => resolveModule(file, s))
      .filter((t): t is string => t !== undefined && t.startsWith(root));
    graph.set(
      relative(root, file),
      targets.map((t) => relative(root, t)),
    );
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the path that closes it. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('runtime import cycles', () => {
  it('the walker erases type-only imports and finds a cycle', () => {
    expect(
      runtimeSpecifiers(
        'a.ts',
        [
          "import type { A } from './a';",
          "import { type B, type C } from './b';",
          "import { d, type D } from './d';",
          "import './e';",
          "export { f } from './f';",
          "export type { G } from './g';",
          "import fs from 'node:fs';",
        ].join('\n'),
      ),
    ).toEqual(['./d', './e', './f']);
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('server/ has none (the realm model, the renderer and the routes load in one direction)', () => {
    const graph = runtimeImportGraph(SERVER);
    // The walk sees the real graph: the channel rules use the group rules at run time.
    expect(graph.get(join('realm', 'channels.ts'))).toContain(join('realm', 'groups.ts'));
    expect(findCycles(graph)).toEqual([]);
  });
});
