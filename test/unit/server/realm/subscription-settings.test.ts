import { beforeEach, describe, expect, it } from 'vitest';
import { updateSubscriptionProperties } from '../../../../server/realm/subscription-properties';
import { subscriptionOf } from '../../../../server/realm/subscriptions';
import { getUserTopic, setUserTopicPolicy, VISIBILITY_POLICY } from '../../../../server/realm/user-topics';
import { demoRealm, payloads, refusal, type DemoRealm } from './harness';

let d: DemoRealm;
beforeEach(() => {
  d = demoRealm();
});

describe('subscription properties (realm)', () => {
  it('checks every change before applying any', () => {
    const user = d.users.members[0];
    const general = d.channels.general;
    const cases: [Parameters<typeof updateSubscriptionProperties>[2], string][] = [
      [
        [
          { stream_id: general.stream_id, property: 'pin_to_top', value: true },
          { stream_id: d.channels.design.stream_id, property: 'pin_to_top', value: true },
        ],
        `Not subscribed to channel ID ${d.channels.design.stream_id}`,
      ],
      [
        [
          { stream_id: general.stream_id, property: 'pin_to_top', value: true },
          { stream_id: general.stream_id, property: 'colour', value: '#000000' },
        ],
        'Unknown subscription property: colour',
      ],
      [
        [{ stream_id: general.stream_id, property: 'color', value: 'red' }],
        'color is not a valid hex color code',
      ],
      [
        [{ stream_id: general.stream_id, property: 'desktop_notifications', value: 'yes' }],
        'desktop_notifications is not a boolean',
      ],
    ];
    for (const [changes, msg] of cases)
      expect(refusal(() => updateSubscriptionProperties(d.realm, user, changes))).toMatchObject({ msg });
    expect(subscriptionOf(general, user.user_id)!.pin_to_top).toBe(false);
    expect(d.published).toEqual([]);
  });

  it('applies in order and tells only the user; muting is told both ways', () => {
    const user = d.users.members[0];
    const id = d.channels.general.stream_id;
    updateSubscriptionProperties(d.realm, user, [
      { stream_id: id, property: 'in_home_view', value: false },
      { stream_id: id, property: 'push_notifications', value: null },
      { stream_id: id, property: 'color', value: '#123456' },
    ]);
    expect(subscriptionOf(d.channels.general, user.user_id)).toMatchObject({
      is_muted: true,
      push_notifications: null,
      color: '#123456',
    });
    for (const p of d.published) expect(p.userIds).toEqual([user.user_id]);
    expect(payloads(d.published).map((e) => [e.property, e.value])).toEqual([
      ['is_muted', true],
      ['in_home_view', false],
      ['push_notifications', null],
      ['color', '#123456'],
    ]);
  });
});

describe('topic visibility policies (realm)', () => {
  it('refuses an unknown policy, and channels the user cannot read, by ID or by name', () => {
    const guest = d.users.guest;
    const general = { id: d.channels.general.stream_id };
    expect(refusal(() => setUserTopicPolicy(d.realm, guest, general, 't', 7))).toMatchObject({
      msg: 'Invalid visibility_policy',
    });
    expect(
      refusal(() => setUserTopicPolicy(d.realm, guest, { id: d.channels.leadership.stream_id }, 't', 1)),
    ).toMatchObject({
      msg: 'Invalid channel ID',
    });
    expect(refusal(() => setUserTopicPolicy(d.realm, guest, { name: 'Leadership' }, 't', 1))).toMatchObject({
      msg: "Invalid channel name 'Leadership'",
    });
    expect(refusal(() => setUserTopicPolicy(d.realm, guest, general, 'x'.repeat(61), 1))).toMatchObject({
      msg: 'topic is too long (limit: 60 characters)',
    });
    expect(d.published).toEqual([]);
  });

  it('the display name of the empty topic means the empty topic; an unchanged policy tells nobody', () => {
    const user = d.users.members[1];
    const random = d.channels.random;
    setUserTopicPolicy(
      d.realm,
      user,
      { name: 'random' },
      ` ${d.realm.emptyTopicDisplayName} `,
      VISIBILITY_POLICY.followed,
    );
    expect(getUserTopic(d.realm, user.user_id, random.stream_id, '')?.visibility_policy).toBe(
      VISIBILITY_POLICY.followed,
    );
    setUserTopicPolicy(d.realm, user, { id: random.stream_id }, '', VISIBILITY_POLICY.followed);
    expect(d.published).toEqual([
      {
        userIds: [user.user_id],
        event: {
          type: 'user_topic',
          stream_id: random.stream_id,
          topic_name: '',
          last_updated: d.realm.now(),
          visibility_policy: 3,
        },
      },
    ]);
  });
});
