import { useEffect, useState } from 'react';
import type { InitialState } from '../../api/model';
import { AtMostEvery } from '../../app/at-most-every';
import { useBridge } from '../../app/bridge-context';
import { useInitialState } from '../../app/session';
import { unreadCountLabel, useOldUnreadsMissing } from '../../api/unread-count';

/** `desktop_icon_count_display`: what the badge and the window title count. */
export const BadgeCountMode = { all: 1, directMentionsFollowed: 2, directMentions: 3, none: 4 } as const;

/**
 * The number for the badge: every unread message of subscribed channels outside muted channels and
 * topics (what the Inbox counts: a mention in a muted conversation is not added, as in the real
 * service), or only direct
 * messages and mentions (plus followed topics; here a direct mention counts wherever it is), or
 * nothing, as the user chose.
 */
export function badgeCount(state: InitialState | undefined): number {
  const unread = state?.unread_msgs;
  if (!state || !unread) return 0;
  const mode = Number(state.user_settings?.desktop_icon_count_display ?? BadgeCountMode.all);
  if (mode === BadgeCountMode.none) return 0;
  const policy = new Map(
    (state.user_topics ?? []).map((t) => [
      `${t.stream_id}\u0000${t.topic_name.toLowerCase()}`,
      t.visibility_policy,
    ]),
  );
  // A topic's name is folded to look up its policy only in a channel that has topic policies.
  const channelsWithPolicies = new Set((state.user_topics ?? []).map((t) => t.stream_id));
  const topicPolicyOf = (streamId: number, topic: string) =>
    channelsWithPolicies.has(streamId) ? (policy.get(`${streamId}\u0000${topic.toLowerCase()}`) ?? 0) : 0;
  const mutedChannels = new Set(
    (state.subscriptions ?? []).filter((s) => s.is_muted ?? s.in_home_view === false).map((s) => s.stream_id),
  );
  // A channel left (or one the user was removed from) counts no more, as in the Inbox.
  const subscribed = new Set((state.subscriptions ?? []).map((s) => s.stream_id));
  // This runs on every change of the unread state (a busy organization holds 100,000 ids): lengths
  // are summed, and only the few mentions are looked for among the ids, so none is counted twice.
  const mentionsLeft = new Set(mode === BadgeCountMode.all ? [] : (unread.mentions ?? []));
  let count = 0;
  const add = (ids: readonly number[]) => {
    count += ids.length;
    if (mentionsLeft.size > 0) for (const id of ids) mentionsLeft.delete(id);
  };
  for (const dm of [...(unread.pms ?? []), ...(unread.huddles ?? [])]) add(dm.unread_message_ids);
  for (const entry of unread.streams ?? []) {
    if (!subscribed.has(entry.stream_id)) continue;
    const topicPolicy = topicPolicyOf(entry.stream_id, entry.topic);
    const followed = topicPolicy === 3;
    const visible = topicPolicy === 1 ? false : !mutedChannels.has(entry.stream_id) || topicPolicy >= 2;
    const wanted =
      mode === BadgeCountMode.all ? visible : mode === BadgeCountMode.directMentionsFollowed && followed;
    if (wanted) add(entry.unread_message_ids);
  }
  return count + mentionsLeft.size;
}

export function windowTitle(count: number, realmName: string, partial = false): string {
  return count > 0
    ? `(${unreadCountLabel(count, partial)}) ${realmName} – Team Chat`
    : `${realmName} – Team Chat`;
}

/**
 * How often the window title and the badge may change. A burst of messages moves the count on
 * every batch; each title change costs the page's main thread (~0.3 ms in a profile of a
 * 1,000-message burst, 150 ms in all) and each badge change a call to main.
 */
export const BADGE_INTERVAL_MS = 500;

/** Keeps the window title and the dock/taskbar badge on the unread count. */
export function useUnreadBadge(realmName: string): void {
  const bridge = useBridge();
  const count = useInitialState(badgeCount) ?? 0;
  const partial = useOldUnreadsMissing();
  const [updates] = useState(() => new AtMostEvery(BADGE_INTERVAL_MS));
  useEffect(() => {
    updates.run(() => {
      document.title = windowTitle(count, realmName, partial);
      void bridge.setUnreadCount(count).catch(() => undefined);
    });
  }, [updates, bridge, count, realmName, partial]);
  useEffect(
    () => () => {
      updates.cancel();
      document.title = 'Team Chat';
    },
    [updates],
  );
}
