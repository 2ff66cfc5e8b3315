import { describe, expect, it } from 'vitest';
import { Realm } from '../../../server/realm/realm';
import { seed } from '../../../server/seed';
import { LARGE_TOPIC, LARGE_TOPIC_SIZE } from '../../../server/seed/large';
import { ROLE } from '../../../server/realm/roles';

describe('seeds', () => {
  it('demo: every role, the channel kinds, a few hundred messages over weeks, an empty topic', () => {
    const realm = new Realm();
    seed(realm, 'demo');
    const roles = [...realm.users.values()].filter((u) => !u.is_bot).map((u) => u.role);
    for (const r of Object.values(ROLE)) expect(roles).toContain(r);
    expect([...realm.users.values()].some((u) => u.is_bot && !u.is_system_bot)).toBe(true);
    const channels = [...realm.channels.values()];
    expect(channels.some((c) => c.invite_only)).toBe(true);
    expect(channels.some((c) => c.is_web_public)).toBe(true);
    expect(channels.some((c) => c.is_archived)).toBe(true);
    expect(realm.messages.length).toBeGreaterThan(200);
    const now = realm.now();
    const oldest = realm.messages[0]!.timestamp;
    expect(now - oldest).toBeGreaterThan(14 * 86400);
    expect(realm.messages.some((m) => m.type === 'stream' && m.topic === '')).toBe(true);
    expect(realm.messages.some((m) => m.reactions.length > 0)).toBe(true);
    expect(realm.emoji.size).toBeGreaterThan(0);
    expect(realm.linkifiers.length).toBeGreaterThan(0);
    expect([...realm.groups.values()].some((g) => !g.is_system_group && g.subgroups.size > 0)).toBe(true);
    expect(realm.drafts.size).toBeGreaterThan(0);
    expect(realm.snippets.size).toBeGreaterThan(0);
    // Ids and timestamps rise together.
    const backwards = realm.messages.filter(
      (m, i) =>
        i > 0 && (m.id <= realm.messages[i - 1]!.id || m.timestamp < realm.messages[i - 1]!.timestamp),
    );
    expect(backwards.map((m) => [m.id, m.content])).toEqual([]);
  });

  it('large: the demo plus a 100,000-message topic, built in under 2 s', () => {
    const realm = new Realm();
    const started = Date.now();
    seed(realm, 'large');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(realm.messages.filter((m) => m.topic === LARGE_TOPIC)).toHaveLength(LARGE_TOPIC_SIZE);
    // Rendering is lazy.
    expect(realm.messages.filter((m) => m.rendered !== undefined)).toHaveLength(0);
  });

  it('empty: an organization with only its owner', () => {
    const realm = new Realm();
    seed(realm, 'empty');
    expect([...realm.users.values()].map((u) => u.role)).toEqual([ROLE.owner]);
    expect(realm.messages).toHaveLength(0);
  });
});
