import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppInfo, BundledLicense } from '../shared/app-info';

interface PackageJson {
  name?: string;
  productName?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: { type?: string }[];
  homepage?: string;
  dependencies?: Record<string, string>;
}

function licenseOf(pkg: PackageJson): string {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  const types = (pkg.licenses ?? []).map((l) => l.type).filter(Boolean);
  return types.length ? types.join(' OR ') : 'not stated';
}

/**
 * What the About screen says about the app itself, read at build time: its name and version from the
 * project's package.json, and the licence of every package shipped with it (the runtime dependencies,
 * plus Electron, which carries the app) from their own package.json files.
 */
export function readAppInfo(root = join(dirname(fileURLToPath(import.meta.url)), '..')): AppInfo {
  const project = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
  const names = [...Object.keys(project.dependencies ?? {}), 'electron'];
  const licenses: BundledLicense[] = names
    .map((name) => {
      // Read from the file: not every package exports its package.json to `require`.
      const pkg = JSON.parse(
        readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'),
      ) as PackageJson;
      return { name, version: pkg.version ?? '', license: licenseOf(pkg) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    name: project.productName ?? project.name ?? 'Team Chat',
    version: project.version ?? '0.0.0',
    licenses,
  };
}
