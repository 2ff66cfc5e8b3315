import { readFileSync } from 'node:fs';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { register, type RegisterResponse } from '../../shared/api/register';

/**
 * One account's last register state on disk (`<dataDir>/session-kept/<accountId>.json`, mode 0600,
 * as the conversation cache: names, channels and unread counts, never a key), so the next launch
 * can draw its window from it while the new registration is under way. Read back through the same
 * schema the server's answer passed; an unreadable, foreign or too old file is dropped. Bounded:
 * nothing is kept when the state comes to more than MAX_BYTES. Deleted with the account.
 */
export const MAX_BYTES = 32 * 1024 * 1024;
/** Bumped when what is kept changes shape: a file written by another version is not read. */
const FORMAT = 1;

export interface KeptSession {
  initialState: RegisterResponse;
  savedAt: number;
}

export class KeptSessionFile {
  private readonly file: string;

  constructor(
    dataDir: string,
    accountId: string,
    private readonly maxBytes = MAX_BYTES,
  ) {
    if (!/^[\w-]+$/.test(accountId)) throw new Error('Unexpected account id');
    this.file = join(dataDir, 'session-kept', `${accountId}.json`);
  }

  /**
   * Synchronous: asked for when a window wants its first state, a read of one file is quicker
   * than the turns of the event loop an asynchronous one waits for while the host starts.
   */
  load(): KeptSession | null {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return null;
    }
    try {
      const kept = JSON.parse(text) as { format?: unknown; savedAt?: unknown; initialState?: unknown };
      if (kept.format === FORMAT && typeof kept.savedAt === 'number') {
        const parsed = register.response.safeParse(kept.initialState);
        if (parsed.success) return { initialState: parsed.data, savedAt: kept.savedAt };
      }
    } catch {
      // A copy: an unreadable one is simply dropped.
    }
    void this.remove().catch(() => undefined);
    return null;
  }

  async save(initialState: RegisterResponse, now = Date.now()): Promise<void> {
    const text = JSON.stringify({ format: FORMAT, savedAt: now, initialState });
    if (text.length > this.maxBytes) {
      await this.remove();
      return;
    }
    await mkdir(join(this.file, '..'), { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.tmp`;
    await writeFile(temporary, text, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, this.file);
  }

  async remove(): Promise<void> {
    await rm(this.file, { force: true });
  }
}
