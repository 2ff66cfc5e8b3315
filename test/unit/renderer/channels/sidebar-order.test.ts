import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../../../renderer/src/api/model';
import { sidebarOrder } from '../../../../renderer/src/features/channels/hooks';

const sub = (name: string, extra: Partial<Subscription> = {}): Subscription =>
  ({ stream_id: name.length, name, ...extra }) as Subscription;

describe('sidebarOrder', () => {
  it('puts muted channels at the bottom of their section, pinned or not, archived ones last', () => {
    const order = sidebarOrder([
      sub('archive', { is_archived: true }),
      sub('alpha', { is_muted: true }),
      sub('beta'),
      sub('pinned-muted', { pin_to_top: true, is_muted: true }),
      sub('zeta-pinned', { pin_to_top: true }),
      sub('gamma'),
    ]).map((c) => c.name);
    expect(order).toEqual(['zeta-pinned', 'pinned-muted', 'beta', 'gamma', 'alpha', 'archive']);
  });
});
