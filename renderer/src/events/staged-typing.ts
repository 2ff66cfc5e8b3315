import { useTypingStore, type TypingChange } from '../state/typing';
import type { TypingWrites } from './types';

/**
 * The typing changes of one batch of events, kept until the batch is applied, then written to the
 * typing store in one update together with the batch's query writes (see StagedCache).
 */
export class StagedTyping implements TypingWrites {
  private readonly changes: TypingChange[] = [];

  start(key: string, userId: number, expiresAt: number): void {
    this.changes.push({ op: 'start', key, userId, expiresAt });
  }

  stop(key: string, userId: number): void {
    this.changes.push({ op: 'stop', key, userId });
  }

  commit(): void {
    if (this.changes.length > 0) useTypingStore.getState().apply(this.changes.splice(0));
  }
}
