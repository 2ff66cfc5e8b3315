import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from './private-file';
import { CACHED_MESSAGES_MAX, type CachedConversation } from '../../shared/ipc';

/**
 * One account's last conversation on disk (`<dataDir>/conversation-cache/<accountId>.json`, mode
 * 0600, as the outbox: it holds messages people wrote, never a key), so the next launch can show
 * it before the server answers. Bounded: the newest CACHED_MESSAGES_MAX messages, and nothing is
 * kept when even those come to more than MAX_BYTES. Deleted with the account.
 */
export const MAX_BYTES = 512 * 1024;

export class ConversationCacheFile {
  private readonly file: string;

  constructor(dataDir: string, accountId: string) {
    if (!/^[\w-]+$/.test(accountId)) throw new Error('Unexpected account id');
    this.file = join(dataDir, 'conversation-cache', `${accountId}.json`);
  }

  load(): CachedConversation | null {
    if (!existsSync(this.file)) return null;
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<CachedConversation>;
      if (Array.isArray(parsed.messages) && typeof parsed.savedAt === 'number' && 'narrow' in parsed)
        return { narrow: parsed.narrow, messages: parsed.messages, savedAt: parsed.savedAt };
    } catch {
      // A cache: an unreadable one is simply dropped.
    }
    this.remove();
    return null;
  }

  save(conversation: Omit<CachedConversation, 'savedAt'>, now = Date.now()): void {
    const kept: CachedConversation = {
      narrow: conversation.narrow,
      messages: conversation.messages.slice(-CACHED_MESSAGES_MAX),
      savedAt: now,
    };
    const text = JSON.stringify(kept);
    if (text.length > MAX_BYTES) {
      this.remove();
      return;
    }
    writePrivateFile(this.file, text);
  }

  remove(): void {
    rmSync(this.file, { force: true });
  }
}

/** A conversation's description is a few fields; anything longer is not one. */
export const OPEN_MAX_BYTES = 4 * 1024;

/**
 * Which conversation one account had open when the app was last used
 * (`<dataDir>/conversation-cache/<accountId>.open.json`), so the next launch reopens it rather
 * than the home view. Null, or no file: a home view or a search was shown. Deleted with the account.
 */
export class OpenConversationFile {
  private readonly file: string;

  constructor(dataDir: string, accountId: string) {
    if (!/^[\w-]+$/.test(accountId)) throw new Error('Unexpected account id');
    this.file = join(dataDir, 'conversation-cache', `${accountId}.open.json`);
  }

  load(): unknown {
    if (!existsSync(this.file)) return null;
    try {
      return (JSON.parse(readFileSync(this.file, 'utf8')) as { narrow?: unknown }).narrow ?? null;
    } catch {
      this.remove();
      return null;
    }
  }

  save(narrow: unknown): void {
    if (narrow === null) {
      this.remove();
      return;
    }
    const text = JSON.stringify({ narrow });
    if (text.length > OPEN_MAX_BYTES) {
      this.remove();
      return;
    }
    writePrivateFile(this.file, text);
  }

  remove(): void {
    rmSync(this.file, { force: true });
  }
}
