import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * What the window evaluates before its first frame is the entry module and everything it imports
 * statically; dynamic imports (the dialogs, settings, the compose preview) load later. The launch
 * pays for every library in that first part (npm run bench, 4), so the heavy ones that only later
 * screens need must stay out of it: one static import of a module that reaches them pulls them in.
 * esbuild builds the same graph as Vite here (code splitting at dynamic imports) in under a second.
 */
const ENTRY = 'renderer/src/main.tsx';

async function firstBundlePackages(): Promise<Set<string>> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    metafile: true,
    splitting: true,
    format: 'esm',
    outdir: 'first-bundle-probe',
    loader: { '.css': 'empty' },
    jsx: 'automatic',
    logLevel: 'silent',
  });
  const outputs: Metafile['outputs'] = result.metafile.outputs;
  const entry = Object.keys(outputs).find((name) => outputs[name]!.entryPoint === ENTRY);
  if (!entry) throw new Error(`no output for ${ENTRY}`);
  const reached = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (reached.has(name)) continue;
    reached.add(name);
    for (const child of outputs[name]!.imports)
      if (child.kind === 'import-statement') pending.push(child.path);
  }
  const packages = new Set<string>();
  for (const name of reached)
    for (const input of Object.keys(outputs[name]!.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      if (match) packages.add(match[1]!);
    }
  return packages;
}

describe("the window's first bundle", () => {
  it('holds React and the query cache but not zod, markdown or the emoji data', async () => {
    const packages = await firstBundlePackages();
    // The walk itself works: what the first frame needs is there.
    expect(packages).toContain('react-dom');
    expect(packages).toContain('@tanstack/query-core');
    expect(packages).toContain('dompurify');
    // zod decodes in main; the renderer needs it only for the error details a few dialogs read.
    expect(packages).not.toContain('zod');
    expect(packages).not.toContain('markdown-it');
    expect(packages).not.toContain('gemoji');
  }, 30_000);
});
