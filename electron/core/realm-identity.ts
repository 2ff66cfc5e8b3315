import type { ChatEvent } from '../../shared/api/events';

/** What names the organization in the account list: its name and icon, as the server last gave them. */
export interface RealmIdentity {
  name?: string;
  /** The icon's address as the server gives it (may be relative to the server). */
  iconUrl?: string;
}

/** The organization's name or icon a batch of events changes, or null when none does. */
export function realmIdentityChange(events: readonly ChatEvent[]): RealmIdentity | null {
  let change: RealmIdentity | null = null;
  for (const event of events) {
    if (event.type !== 'realm') continue;
    const raw = event as { op?: unknown; property?: unknown; value?: unknown; data?: unknown };
    if (raw.op === 'update' && raw.property === 'name' && typeof raw.value === 'string')
      change = { ...(change ?? {}), name: raw.value };
    if (raw.op === 'update_dict' && raw.data && typeof raw.data === 'object') {
      const data = raw.data as Record<string, unknown>;
      if (typeof data.name === 'string') change = { ...(change ?? {}), name: data.name };
      if (typeof data.icon_url === 'string') change = { ...(change ?? {}), iconUrl: data.icon_url };
    }
  }
  return change;
}
