import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The TypeScript project of each zone, as `tsc -b` builds it. */
export interface ZoneProject {
  config: string;
  /** Repository-relative folders and files the project includes. */
  include: string[];
  options: ts.CompilerOptions;
  fileNames: string[];
}

export function readProject(root: string, config: string): ZoneProject {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, config), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${config}`);
  const raw = parsed.raw as { include?: string[] };
  return { config, include: raw.include ?? [], options: parsed.options, fileNames: parsed.fileNames };
}

/** Whether a repository-relative path falls under one of the project's `include` entries. */
export function projectIncludes(project: ZoneProject, path: string): boolean {
  return project.include.some((entry) =>
    entry.includes('*')
      ? !path.includes('/') && new RegExp(`^${entry.replace(/\./g, '\\.').replace('*', '[^/]*')}$`).test(path)
      : path === entry || path.startsWith(`${entry}/`),
  );
}

// Library files (TypeScript's lib, node_modules) parse the same in every zone: parse them once.
const libraryFiles = new Map<string, ts.SourceFile | undefined>();

/**
 * The zone's program: its real files plus the given probes, each compiled as if it lived at its
 * `as` path (so its relative imports resolve as a real file's would), with the project's options.
 * References are followed to their sources, so no earlier `tsc -b` is needed.
 */
export function zoneProgram(
  root: string,
  project: ZoneProject,
  probes: { as: string; text: string }[],
): ts.Program {
  const options: ts.CompilerOptions = {
    ...project.options,
    noEmit: true,
    composite: false,
    declaration: false,
    emitDeclarationOnly: false,
    incremental: false,
    tsBuildInfoFile: undefined,
  };
  const virtual = new Map(probes.map((probe) => [resolve(root, probe.as), probe.text]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => virtual.has(resolve(name)) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(resolve(name)) ?? readFile.call(host, name);
  host.getSourceFile = (name, languageVersion, onError, shouldCreate) => {
    const text = virtual.get(resolve(name));
    if (text !== undefined) return ts.createSourceFile(name, text, languageVersion, true);
    if (!name.includes('/node_modules/'))
      return getSourceFile.call(host, name, languageVersion, onError, shouldCreate);
    const key = `${name}\0${JSON.stringify(languageVersion)}`;
    if (!libraryFiles.has(key))
      libraryFiles.set(key, getSourceFile.call(host, name, languageVersion, onError, shouldCreate));
    return libraryFiles.get(key);
  };
  return ts.createProgram({ rootNames: [...project.fileNames, ...virtual.keys()], options, host });
}

/** The diagnostics of one file of the program, as `TS1234 message` lines. */
export function diagnosticsOf(program: ts.Program, root: string, path: string): string[] {
  const file = program.getSourceFile(resolve(root, path));
  if (!file) throw new Error(`${path} is not in the program`);
  return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map(
    (diagnostic) => `TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
  );
}

/** The program's files that come from a package, repository-relative. */
export function packageFiles(program: ts.Program, root: string): string[] {
  return program
    .getSourceFiles()
    .map((file) => relative(root, file.fileName))
    .filter((name) => name.startsWith('node_modules/'));
}
