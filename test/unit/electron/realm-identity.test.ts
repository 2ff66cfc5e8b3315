import { describe, expect, it } from 'vitest';
import { decodeEvents } from '../../../shared/api/events';
import { realmIdentityChange } from '../../../electron/core/realm-identity';

describe('realmIdentityChange', () => {
  it('finds the organization’s new name and icon in realm events, the last one winning', () => {
    const events = decodeEvents([
      { id: 1, type: 'message', message: { id: 1 }, flags: [] },
      { id: 2, type: 'realm', op: 'update', property: 'name', value: 'First' },
      { id: 3, type: 'realm', op: 'update_dict', property: 'icon', data: { icon_url: '/icon.png' } },
      { id: 4, type: 'realm', op: 'update_dict', property: 'default', data: { name: 'Second' } },
    ]);
    expect(realmIdentityChange(events)).toEqual({ name: 'Second', iconUrl: '/icon.png' });
  });

  it('is null when no event renames the organization or changes its icon', () => {
    const events = decodeEvents([
      { id: 1, type: 'realm', op: 'update', property: 'description', value: 'x' },
      { id: 2, type: 'realm', op: 'update_dict', property: 'default', data: { waiting_period_threshold: 3 } },
    ]);
    expect(realmIdentityChange(events)).toBeNull();
  });
});
