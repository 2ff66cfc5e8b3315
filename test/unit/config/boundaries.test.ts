import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROBE_DIR, readProbes, type Probe } from './probes';
import {
  diagnosticsOf,
  packageFiles,
  projectIncludes,
  readProject,
  zoneProgram,
  type ZoneProject,
} from './zone-programs';

// The configuration as a test: every file of test/config-probes/ breaks (or, for the controls, keeps) a
// folder boundary, and must get exactly the verdict its header announces from the TypeScript project
// of the folder it pretends to live in and from ESLint. See "TypeScript projects" in README.md.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ZONE_CONFIGS = ['tsconfig.shared.json', 'tsconfig.renderer.json', 'tsconfig.node.json'];
const ALL_CONFIGS = [...ZONE_CONFIGS, 'tsconfig.test.json'];
const probes = readProbes(ROOT);
const projects = new Map(ALL_CONFIGS.map((config) => [config, readProject(ROOT, config)]));

function projectOf(path: string): ZoneProject {
  const owners = ZONE_CONFIGS.map((config) => projects.get(config)!).filter((p) => projectIncludes(p, path));
  if (owners.length !== 1) throw new Error(`${path} belongs to ${owners.length} zone projects`);
  return owners[0]!;
}

describe('the configuration probes', () => {
  it('each announce at least one verdict, at a path of their own', () => {
    expect(probes.length).toBeGreaterThan(10);
    for (const probe of probes) expect(probe.typecheck ?? probe.lint, probe.name).toBeDefined();
    expect(new Set(probes.map((probe) => probe.as)).size).toBe(probes.length);
  });

  describe('typecheck', () => {
    const checked = probes.filter((probe) => probe.typecheck);
    const diagnostics = new Map<Probe, string[]>();
    const programFiles = new Map<string, string[]>();

    beforeAll(() => {
      for (const config of ZONE_CONFIGS) {
        const project = projects.get(config)!;
        const own = checked.filter((probe) => projectOf(probe.as) === project);
        const program = zoneProgram(ROOT, project, own);
        programFiles.set(config, packageFiles(program, ROOT));
        for (const probe of own) diagnostics.set(probe, diagnosticsOf(program, ROOT, probe.as));
      }
    }, 120_000);

    it.each(checked.map((probe) => [probe.name, probe] as const))('%s', (_name, probe) => {
      const found = diagnostics.get(probe)!;
      if (probe.typecheck === 'passes') expect(found).toEqual([]);
      else expect(found.map((line) => line.split(' ')[0])).toContain(probe.typecheck);
    });

    it('gives the renderer neither Node nor Electron types, and shared/ neither those nor the DOM', () => {
      const renderer = programFiles.get('tsconfig.renderer.json')!;
      const shared = programFiles.get('tsconfig.shared.json')!;
      const node = programFiles.get('tsconfig.node.json')!;
      const nodeOrElectron = (name: string) =>
        name.startsWith('node_modules/@types/node/') || name.startsWith('node_modules/electron/');
      const dom = (name: string) => /^node_modules\/typescript\/lib\/lib\.dom\./.test(name);
      expect(renderer.filter(nodeOrElectron)).toEqual([]);
      expect(renderer.some(dom)).toBe(true);
      expect(shared.filter((name) => nodeOrElectron(name) || dom(name))).toEqual([]);
      expect(node.filter(dom)).toEqual([]);
      expect(node.some(nodeOrElectron)).toBe(true);
    });
  });

  describe('lint', () => {
    const eslint = new ESLint({ cwd: ROOT });
    it.each(probes.filter((probe) => probe.lint).map((probe) => [probe.name, probe] as const))(
      '%s',
      async (_name, probe) => {
        const [result] = await eslint.lintText(probe.text, { filePath: join(ROOT, probe.as) });
        const rules = result!.messages.map((message) => message.ruleId ?? message.message);
        if (probe.lint === 'passes') expect(rules).toEqual([]);
        else expect(rules).toContain(probe.lint);
      },
    );
  });
});

describe('the TypeScript projects', () => {
  it('hold every TypeScript file of the repository exactly once (the probes aside)', () => {
    const owners = new Map<string, string[]>();
    for (const [config, project] of projects)
      for (const file of project.fileNames)
        owners.set(relative(ROOT, file), [...(owners.get(relative(ROOT, file)) ?? []), config]);
    const sources = sourceFiles(ROOT);
    expect(sources.length).toBeGreaterThan(300);
    expect(sources.filter((file) => owners.get(file)?.length !== 1)).toEqual([]);
    expect([...owners.keys()].filter((file) => file.startsWith(PROBE_DIR))).toEqual([]);
  });
});

/** The repository's .ts and .tsx files, outside the folders tools generate and the probes. */
function sourceFiles(root: string, dir = ''): string[] {
  const skip = new Set([
    'node_modules',
    'out',
    'dist',
    'test-results',
    'playwright-report',
    '.git',
    '.data',
    PROBE_DIR,
  ]);
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (skip.has(path) || skip.has(entry.name) || entry.name.startsWith('.dev-')) return [];
    if (entry.isDirectory()) return sourceFiles(root, path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}
