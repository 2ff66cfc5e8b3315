import { describe, expect, it } from 'vitest';
import { decodeEvents } from '../../../shared/api/events';
import type { RegisterResponse } from '../../../shared/api/register';
import { AccountActivity } from '../../../electron/core/activity';
import { liveADay } from '../../support/random-day';
import { demoUsers, useServer } from '../server/helpers';
import { demoDay, drainAll, registerState } from '../server/register-replay';

// The Electron shell keeps its own copy of what the tray count and the notification rules read, for
// accounts no window shows. After a day of events it must say what a fresh registration says, or the
// shell notifies by rules the user changed hours ago.

function unreadIds(state: RegisterResponse): number[] {
  const u = state.unread_msgs;
  const groups = [...(u?.pms ?? []), ...(u?.streams ?? []), ...(u?.huddles ?? [])];
  return groups.flatMap((g) => g.unread_message_ids).sort((a, b) => a - b);
}

type Subscription = NonNullable<RegisterResponse['subscriptions']>[number];

const byKey = <T>(items: readonly T[], key: (item: T) => string) =>
  [...items].sort((a, b) => key(a).localeCompare(key(b)));

/** Recomputed by the service and sent in no event; no rule reads them. */
function withoutTraffic({ stream_weekly_traffic, first_message_id, ...rest }: Subscription) {
  void stream_weekly_traffic;
  void first_message_id;
  return rest;
}

function rulesView(state: RegisterResponse) {
  return {
    subscriptions: byKey(state.subscriptions ?? [], (s) => String(s.stream_id).padStart(8, '0')).map(
      withoutTraffic,
    ),
    userTopics: byKey(state.user_topics ?? [], (t) => `${t.stream_id}/${t.topic_name.toLowerCase()}`),
    mutedUsers: byKey(state.muted_users ?? [], (m) => String(m.id)),
    settings: state.user_settings,
  };
}

describe("the Electron shell's kept state follows the events", () => {
  const h = useServer({ seed: 'demo' });

  it.each([1, 2, 3, 4, 5, 6])('a random day (%i) replayed equals a fresh registration', async (seed) => {
    const users = demoUsers(h.server);
    const self = h.as(users.owner);
    const start = await registerState(self);
    const activity = new AccountActivity('acc', {
      accountId: 'acc',
      generation: 1,
      initialState: start.state,
    });
    await liveADay(await demoDay(h, start.state, seed), 150);

    const events = decodeEvents(await drainAll(self, start.queueId, start.lastEventId));
    activity.apply({ accountId: 'acc', generation: 1, events });
    const fresh = (await registerState(self)).state;
    const kept = activity.kept;
    expect([...kept.unread].sort((a, b) => a - b)).toEqual(unreadIds(fresh));
    expect(rulesView(kept.state)).toEqual(rulesView(fresh));
  });
});
