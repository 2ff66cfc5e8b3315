import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from './private-file';
import type { AccountSummary } from '../../shared/ipc';

/**
 * Accounts and their API keys on disk. Keys are sealed by a `KeyProtector` (the OS keychain through
 * Electron's safeStorage in the app; nothing more than file permissions in the web host) and leave
 * this module only through `credentialsOf`, which the main process alone calls.
 */

export interface KeyProtector {
  /** Shown in logs and the README: what actually protects the key at rest. */
  readonly description: string;
  seal(plain: string): string;
  unseal(sealed: string): string;
}

/** The web host's protector: the key is stored as-is in a file only the user can read (0600). */
export const fileModeProtector: KeyProtector = {
  description: 'stored unencrypted in a file readable only by the current user (mode 0600)',
  seal: (plain) => Buffer.from(plain, 'utf8').toString('base64'),
  unseal: (sealed) => Buffer.from(sealed, 'base64').toString('utf8'),
};

interface StoredAccount extends AccountSummary {
  sealedKey: string;
}

interface StoredFile {
  version: 1;
  activeId: string | null;
  accounts: StoredAccount[];
}

export interface AccountCredentials {
  serverUrl: string;
  email: string;
  apiKey: string;
}

export class Vault {
  private readonly file: string;
  private data: StoredFile;

  constructor(
    dataDir: string,
    private readonly protector: KeyProtector,
  ) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.file = join(dataDir, 'accounts.json');
    this.data = this.load();
  }

  list(): AccountSummary[] {
    return this.data.accounts.map(summaryOf);
  }

  get activeId(): string | null {
    return this.data.activeId;
  }

  get(id: string): AccountSummary | null {
    const found = this.data.accounts.find((account) => account.id === id);
    return found ? summaryOf(found) : null;
  }

  findByLogin(serverUrl: string, email: string): AccountSummary | null {
    const found = this.data.accounts.find(
      (account) => account.serverUrl === serverUrl && account.email.toLowerCase() === email.toLowerCase(),
    );
    return found ? summaryOf(found) : null;
  }

  /** Adds an account, or replaces the key and details of the same login; makes it active. */
  save(summary: Omit<AccountSummary, 'id'>, apiKey: string): AccountSummary {
    const existing = this.findByLogin(summary.serverUrl, summary.email);
    const account: StoredAccount = {
      ...summary,
      id: existing?.id ?? randomUUID(),
      sealedKey: this.protector.seal(apiKey),
    };
    this.data.accounts = existing
      ? this.data.accounts.map((item) => (item.id === account.id ? account : item))
      : [...this.data.accounts, account];
    this.data.activeId = account.id;
    this.persist();
    return summaryOf(account);
  }

  /**
   * The organization's name and icon as its server gives them now (they change after sign-in).
   * True when something changed (and was saved).
   */
  updateRealm(id: string, realm: Pick<AccountSummary, 'realmName' | 'realmIcon'>): boolean {
    const account = this.data.accounts.find((item) => item.id === id);
    if (!account || (account.realmName === realm.realmName && account.realmIcon === realm.realmIcon))
      return false;
    account.realmName = realm.realmName;
    account.realmIcon = realm.realmIcon;
    this.persist();
    return true;
  }

  setActive(id: string): void {
    if (!this.data.accounts.some((account) => account.id === id)) throw new Error('No such account');
    this.data.activeId = id;
    this.persist();
  }

  /** Removes an account and its key; the next remaining account (if any) becomes active. */
  remove(id: string): void {
    this.data.accounts = this.data.accounts.filter((account) => account.id !== id);
    if (this.data.activeId === id) this.data.activeId = this.data.accounts[0]?.id ?? null;
    this.persist();
  }

  /** Main process only: never pass the result (or any part of it) to the renderer or a log. */
  credentialsOf(id: string): AccountCredentials | null {
    const found = this.data.accounts.find((account) => account.id === id);
    if (!found) return null;
    return { serverUrl: found.serverUrl, email: found.email, apiKey: this.protector.unseal(found.sealedKey) };
  }

  private load(): StoredFile {
    if (!existsSync(this.file)) return { version: 1, activeId: null, accounts: [] };
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as StoredFile;
      if (parsed.version === 1 && Array.isArray(parsed.accounts)) return parsed;
    } catch {
      // fall through: an unreadable file starts an empty vault rather than crashing the app
    }
    return { version: 1, activeId: null, accounts: [] };
  }

  private persist(): void {
    writePrivateFile(this.file, JSON.stringify(this.data, null, 2));
  }
}

function summaryOf(account: StoredAccount): AccountSummary {
  return {
    id: account.id,
    serverUrl: account.serverUrl,
    email: account.email,
    realmName: account.realmName,
    realmIcon: account.realmIcon,
    featureLevel: account.featureLevel,
  };
}
