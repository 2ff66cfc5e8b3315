import { beforeEach, describe, expect, it } from 'vitest';
import {
  createLinkifier,
  deleteLinkifier,
  editLinkifier,
  setLinkifierOrder,
} from '../../../../server/realm/linkifier-changes';
import { Realm } from '../../../../server/realm/realm';
import { seed } from '../../../../server/seed';
import { activeHumanIds } from '../../../../server/realm/users';
import { demoRealm, payloads, refusal, type DemoRealm } from './harness';

let d: DemoRealm;
beforeEach(() => {
  d = demoRealm();
});

describe('linkifier changes (realm)', () => {
  it('administrators only; a refusal changes and tells nothing', () => {
    const before = d.realm.linkifiers.map((l) => ({ ...l }));
    for (const user of [d.users.moderator, d.users.members[0], d.users.guest]) {
      expect(
        refusal(() => createLinkifier(d.realm, user, 'x(?P<id>\\d+)', 'https://x.example/{id}')),
      ).toEqual({
        status: 400,
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization administrator',
      });
      expect(refusal(() => deleteLinkifier(d.realm, user, before[0]!.id))).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
      });
    }
    expect(d.realm.linkifiers).toEqual(before);
    expect(d.published).toEqual([]);
  });

  it('each change sends the whole list to every active person (not the notification bot)', () => {
    const admin = d.users.admin;
    const added = createLinkifier(d.realm, admin, 'PR(?P<n>\\d+)', 'https://git.example/pr/{n}');
    editLinkifier(d.realm, admin, added.id, 'MR(?P<n>\\d+)', 'https://git.example/mr/{n}');
    const ids = d.realm.linkifiers.map((l) => l.id);
    setLinkifierOrder(d.realm, admin, [...ids].reverse());
    deleteLinkifier(d.realm, admin, added.id);
    expect(d.published).toHaveLength(4);
    for (const p of d.published) {
      expect(p.userIds).toEqual(activeHumanIds(d.realm));
      expect(p.userIds).not.toContain(d.users.notificationBot.user_id);
    }
    expect(payloads(d.published).map((e) => e.realm_linkifiers)).toEqual([
      [
        { id: ids[0], pattern: '#(?P<id>[0-9]+)', url_template: expect.any(String) },
        expect.objectContaining({ pattern: 'PR(?P<n>\\d+)' }),
      ],
      [expect.objectContaining({ id: ids[0] }), expect.objectContaining({ pattern: 'MR(?P<n>\\d+)' })],
      [expect.objectContaining({ id: added.id }), expect.objectContaining({ id: ids[0] })],
      [expect.objectContaining({ id: ids[0] })],
    ]);
  });

  it('an unknown ID is "Linkifier not found."; an empty order on an organization without linkifiers tells nobody', () => {
    expect(
      refusal(() => editLinkifier(d.realm, d.users.owner, 424242, 'a', 'https://a.example')),
    ).toMatchObject({
      msg: 'Linkifier not found.',
    });
    const empty = new Realm();
    seed(empty, 'empty');
    const published: unknown[] = [];
    empty.events = { publish: (_ids, event) => published.push(event) };
    setLinkifierOrder(empty, [...empty.users.values()][0]!, []);
    expect(published).toEqual([]);
  });
});
