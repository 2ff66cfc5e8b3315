/**
 * Unsaved edits of messages, kept in the browser's storage per account until saved or dropped, so
 * an edit the server could not take (offline, refused) survives closing the dialog and the app.
 */
const PREFIX = 'teamchat.edits.';
/** Kept at most; past it the oldest is dropped. */
const MAX_KEPT = 50;

type KeptEdits = Record<string, { content: string; keptAt: number }>;

function read(accountId: string): KeptEdits {
  try {
    const parsed = JSON.parse(localStorage.getItem(PREFIX + accountId) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as KeptEdits) : {};
  } catch {
    return {};
  }
}

function write(accountId: string, edits: KeptEdits): void {
  try {
    if (Object.keys(edits).length === 0) localStorage.removeItem(PREFIX + accountId);
    else localStorage.setItem(PREFIX + accountId, JSON.stringify(edits));
  } catch {
    // Storage full or unavailable: the dialog still holds the text while it is open.
  }
}

export function keptEdit(accountId: string | null, messageId: number): string | undefined {
  if (!accountId) return undefined;
  const kept = read(accountId)[messageId];
  return typeof kept?.content === 'string' ? kept.content : undefined;
}

export function keepEdit(
  accountId: string | null,
  messageId: number,
  content: string,
  now = Date.now(),
): void {
  if (!accountId) return;
  const edits: KeptEdits = { ...read(accountId), [messageId]: { content, keptAt: now } };
  const newestFirst = Object.entries(edits).sort(([, a], [, b]) => b.keptAt - a.keptAt);
  write(accountId, Object.fromEntries(newestFirst.slice(0, MAX_KEPT)));
}

export function dropKeptEdit(accountId: string | null, messageId: number): void {
  if (!accountId) return;
  const edits = read(accountId);
  if (!(messageId in edits)) return;
  delete edits[messageId];
  write(accountId, edits);
}

/** Drops every edit the account kept (the account is signed out here). */
export function forgetKeptEdits(accountId: string): void {
  write(accountId, {});
}
