/**
 * One account's entries in the browser's storage, each under a key of its own
 * (`<prefix><accountId>/<entry key>`). Pages of one origin (tabs of the web host) share the storage,
 * but Chromium hands one page's writes to another a moment later: a page that rewrote one shared
 * value from its own copy could drop an entry another page had just written. Written one by one,
 * a page only ever replaces the entries it changed.
 *
 * `legacyKey`: where an older version kept all of them as one JSON object; its entries are moved
 * to keys of their own the first time they are read (an entry already stored on its own wins).
 */
export class StoredEntries<T> {
  constructor(
    private readonly prefix: string,
    private readonly legacyPrefix: string,
    /** The entry as stored, checked; null drops it. */
    private readonly accept: (value: unknown) => T | null,
    private readonly area: () => Storage | null,
  ) {}

  private keyPrefix(accountId: string): string {
    return `${this.prefix}${accountId}/`;
  }

  /** Every entry of the account, by entry key, in the order the storage lists them. */
  readAll(accountId: string): Record<string, T> {
    const storage = this.area();
    if (!storage) return {};
    const out = this.moveLegacy(storage, accountId);
    const prefix = this.keyPrefix(accountId);
    for (let i = 0; i < storage.length; i++) {
      const storageKey = storage.key(i);
      if (storageKey === null || !storageKey.startsWith(prefix)) continue;
      const value = this.parse(storage.getItem(storageKey));
      if (value !== null) out[storageKey.slice(prefix.length)] = value;
    }
    return out;
  }

  /** Stores one entry, or removes it (null). False when the storage refused (full or unavailable). */
  write(accountId: string, key: string, value: T | null): boolean {
    const storage = this.area();
    if (!storage) return false;
    try {
      if (value === null) storage.removeItem(this.keyPrefix(accountId) + key);
      else storage.setItem(this.keyPrefix(accountId) + key, JSON.stringify(value));
      return true;
    } catch {
      return false;
    }
  }

  /** Removes every entry of the account (and its old single object). */
  removeAll(accountId: string): void {
    const storage = this.area();
    if (!storage) return;
    const prefix = this.keyPrefix(accountId);
    const keys: string[] = [this.legacyPrefix + accountId];
    for (let i = 0; i < storage.length; i++) {
      const storageKey = storage.key(i);
      if (storageKey?.startsWith(prefix)) keys.push(storageKey);
    }
    for (const key of keys) storage.removeItem(key);
  }

  /**
   * What a `storage` event says about this account's entries: one entry set or removed, `all` when
   * the whole storage was cleared, null when it is about something else.
   */
  changeOf(
    event: StorageEvent,
    accountId: string,
  ): { kind: 'all' } | { kind: 'one'; key: string; value: T | null } | null {
    if (event.key === null) return { kind: 'all' };
    const prefix = this.keyPrefix(accountId);
    if (!event.key.startsWith(prefix)) return null;
    return { kind: 'one', key: event.key.slice(prefix.length), value: this.parse(event.newValue) };
  }

  private parse(raw: string | null): T | null {
    if (raw === null) return null;
    try {
      return this.accept(JSON.parse(raw) as unknown);
    } catch {
      return null;
    }
  }

  /** Moves the old object's entries; those it could not move (storage full) are returned. */
  private moveLegacy(storage: Storage, accountId: string): Record<string, T> {
    const legacyKey = this.legacyPrefix + accountId;
    const raw = storage.getItem(legacyKey);
    if (raw === null) return {};
    let entries: Record<string, unknown> = {};
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (parsed && typeof parsed === 'object') entries = parsed as Record<string, unknown>;
    } catch {
      // Unreadable: nothing to move.
    }
    const prefix = this.keyPrefix(accountId);
    const unmoved: Record<string, T> = {};
    for (const [key, value] of Object.entries(entries)) {
      const accepted = this.accept(value);
      if (accepted === null || storage.getItem(prefix + key) !== null) continue;
      try {
        storage.setItem(prefix + key, JSON.stringify(value));
      } catch {
        unmoved[key] = accepted;
      }
    }
    // Storage full: the old object stays, to be moved next time, and what is left of it is read.
    if (Object.keys(unmoved).length === 0) storage.removeItem(legacyKey);
    return unmoved;
  }
}
