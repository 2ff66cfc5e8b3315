import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes `text` to `file`, readable by the user only (0600, its folder 0700): to a temporary file
 * first, then renamed over it, so a crash never leaves half a file behind.
 */
export function writePrivateFile(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  // The mode given above is not applied to a temporary file left over from before.
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}
