import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the Electron binary is, without triggering the download that `require('electron')`
 * attempts (and that fails on machines without access to Electron's release host).
 */
export function findElectronBinary(root = process.cwd()): string | null {
  const packageDir = resolve(root, 'node_modules/electron');
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageDir, 'dist');
  if (!relative) return null;
  const binary = join(distDir, relative);
  return existsSync(binary) ? binary : null;
}

export const ELECTRON_MISSING_MESSAGE =
  'The Electron binary is not installed (node_modules/electron has no dist/), and it cannot be ' +
  'downloaded on this machine.';
