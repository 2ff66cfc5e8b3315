import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from './private-file';
import type { OutboxDestination } from '../../shared/ipc';

/**
 * One account's outbox on disk (`<dataDir>/outbox/<accountId>.json`, mode 0600: it holds what the
 * user wrote). Only messages and their delivery bookkeeping: never a key or a credential.
 */

export interface StoredEntry {
  localId: string;
  destination: OutboxDestination;
  content: string;
  createdAt: number;
  state: 'waiting' | 'failed';
  attempts: number;
  reason?: string;
  /** When the first request left (ms): the dedupe check looks for the message from then on. */
  firstAttemptAt: number | null;
  /** A request may have reached the server: check before sending it again. */
  uncertain: boolean;
  /**
   * The newest message id this app had seen when the first request left: a message the server
   * already had then (sent from another device with the same words) is not this send.
   */
  seenUpToId?: number;
}

export interface StoredOutbox {
  version: 1;
  entries: StoredEntry[];
  /** Ids of messages this outbox delivered lately: a check never takes one for another send. */
  recentDelivered: number[];
}

const empty = (): StoredOutbox => ({ version: 1, entries: [], recentDelivered: [] });

export class OutboxFile {
  private readonly file: string;

  constructor(dataDir: string, accountId: string) {
    if (!/^[\w-]+$/.test(accountId)) throw new Error('Unexpected account id');
    const dir = join(dataDir, 'outbox');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = join(dir, `${accountId}.json`);
  }

  load(): StoredOutbox {
    if (!existsSync(this.file)) return empty();
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as StoredOutbox;
      if (parsed.version === 1 && Array.isArray(parsed.entries) && Array.isArray(parsed.recentDelivered))
        return parsed;
    } catch {
      // An unreadable file is set aside rather than overwritten: it may hold someone's words.
      renameSync(this.file, `${this.file}.unreadable-${Date.now()}`);
    }
    return empty();
  }

  save(data: StoredOutbox): void {
    writePrivateFile(this.file, JSON.stringify(data));
  }

  remove(): void {
    rmSync(this.file, { force: true });
  }
}
