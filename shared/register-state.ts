import type { EventOf } from './api/events';
import type { RegisterResponse } from './api/register';
import type { SettingChange } from './api/setting-change';

/**
 * An account's register state moved on by one event, for the parts both the window and the Electron
 * shell keep (the shell's notification rules read subscriptions, topic policies, muted users and
 * settings). Pure: each returns a new state with only the changed parts new. The window's reducers add
 * their own cache work (refetches, feeds) around these; neither side keeps a copy of the rules.
 */

type Subscription = NonNullable<RegisterResponse['subscriptions']>[number];
type PeerCounted = { stream_id: number; subscribers?: number[]; subscriber_count?: number };

/** `subscription`: joined, left, a property changed, or other people joined or left (peer_*). */
export function subscriptionsAfter(
  state: RegisterResponse,
  event: EventOf<'subscription'>,
): RegisterResponse {
  const subs = state.subscriptions ?? [];
  switch (event.op) {
    case 'add': {
      const addedIds = new Set(event.subscriptions.map((a) => a.stream_id));
      return {
        ...state,
        subscriptions: [...subs.filter((x) => !addedIds.has(x.stream_id)), ...event.subscriptions],
        unsubscribed: (state.unsubscribed ?? []).filter((x) => !addedIds.has(x.stream_id)),
        never_subscribed: (state.never_subscribed ?? []).filter((x) => !addedIds.has(x.stream_id)),
      };
    }
    case 'remove': {
      const removedIds = new Set(event.subscriptions.map((x) => x.stream_id));
      // The person is no longer among the subscribers (no peer event tells them so).
      const left = subs
        .filter((x) => removedIds.has(x.stream_id))
        .map((x) => (state.user_id === undefined ? x : withPeers(x, [state.user_id], false)));
      return {
        ...state,
        subscriptions: subs.filter((x) => !removedIds.has(x.stream_id)),
        unsubscribed: [...(state.unsubscribed ?? []), ...left],
      };
    }
    case 'update': {
      const { property, value } = event;
      return {
        ...state,
        subscriptions: subs.map((x) => {
          if (x.stream_id !== event.stream_id) return x;
          const next: Subscription = { ...x, [property]: value };
          // The older name of muting, still sent by some servers, and its newer one.
          if (property === 'in_home_view') next.is_muted = !value;
          if (property === 'is_muted') next.in_home_view = !value;
          return next;
        }),
      };
    }
    case 'peer_add':
    case 'peer_remove': {
      const streamIds = new Set(event.stream_ids);
      const change = <C extends PeerCounted>(channel: C): C =>
        streamIds.has(channel.stream_id)
          ? withPeers(channel, event.user_ids, event.op === 'peer_add')
          : channel;
      return {
        ...state,
        subscriptions: subs.map(change),
        ...(state.unsubscribed ? { unsubscribed: state.unsubscribed.map(change) } : {}),
        ...(state.never_subscribed ? { never_subscribed: state.never_subscribed.map(change) } : {}),
      };
    }
  }
}

/**
 * A channel's subscribers after people joined or left: the list when the register gave one, and the
 * count (from level 394) with it, or moved by the number of people when there is no list.
 */
function withPeers<C extends PeerCounted>(channel: C, userIds: readonly number[], joined: boolean): C {
  if (channel.subscribers) {
    const set = new Set(channel.subscribers);
    for (const id of userIds)
      if (joined) set.add(id);
      else set.delete(id);
    const subscribers = [...set];
    return channel.subscriber_count === undefined
      ? { ...channel, subscribers }
      : { ...channel, subscribers, subscriber_count: subscribers.length };
  }
  if (channel.subscriber_count === undefined) return channel;
  const moved = channel.subscriber_count + (joined ? userIds.length : -userIds.length);
  return { ...channel, subscriber_count: Math.max(0, moved) };
}

/** `user_topic`: a topic's visibility policy for the user (0 removes the entry). */
export function userTopicsAfter(state: RegisterResponse, entry: EventOf<'user_topic'>): RegisterResponse {
  const rest = (state.user_topics ?? []).filter(
    (t) =>
      !(t.stream_id === entry.stream_id && t.topic_name.toLowerCase() === entry.topic_name.toLowerCase()),
  );
  if (entry.visibility_policy === 0) return { ...state, user_topics: rest };
  const { stream_id, topic_name, last_updated, visibility_policy } = entry;
  return { ...state, user_topics: [...rest, { stream_id, topic_name, last_updated, visibility_policy }] };
}

/** `muted_users`: the account's whole list of muted users, sent after each mute or unmute. */
export function mutedUsersAfter(state: RegisterResponse, event: EventOf<'muted_users'>): RegisterResponse {
  return { ...state, muted_users: event.muted_users };
}

/** One of the user's settings changed (any of the three event forms, read by `settingChangeOf`). */
export function userSettingAfter(state: RegisterResponse, change: SettingChange): RegisterResponse {
  return {
    ...state,
    user_settings: { ...state.user_settings, [change.property]: change.value },
    // Turning sync off deletes the server's drafts, with no event for each: its list is empty now.
    ...(change.property === 'enable_drafts_synchronization' && change.value === false ? { drafts: [] } : {}),
  };
}

type ChannelUpdate = Extract<EventOf<'stream'>, { op: 'update' }>;

/** What a `stream` update changes on a channel: its property, and what the event carries with it. */
export function channelUpdater(event: ChannelUpdate): <C extends { stream_id: number }>(channel: C) => C {
  const patch: Record<string, unknown> = { [event.property]: event.value };
  if (event.rendered_description !== undefined) patch.rendered_description = event.rendered_description;
  if (event.history_public_to_subscribers !== undefined)
    patch.history_public_to_subscribers = event.history_public_to_subscribers;
  if (event.is_web_public !== undefined) patch.is_web_public = event.is_web_public;
  if (event.property === 'is_private' || event.property === 'invite_only') patch.invite_only = event.value;
  return (channel) => (channel.stream_id === event.stream_id ? { ...channel, ...patch } : channel);
}

/** `stream`: a channel created (listed as never subscribed), deleted, or changed. */
export function channelsAfter(state: RegisterResponse, event: EventOf<'stream'>): RegisterResponse {
  if (event.op === 'create')
    return { ...state, never_subscribed: [...(state.never_subscribed ?? []), ...event.streams] };
  if (event.op === 'delete') {
    const ids = new Set([...(event.streams ?? []).map((c) => c.stream_id), ...(event.stream_ids ?? [])]);
    return {
      ...state,
      subscriptions: (state.subscriptions ?? []).filter((x) => !ids.has(x.stream_id)),
      unsubscribed: (state.unsubscribed ?? []).filter((x) => !ids.has(x.stream_id)),
      never_subscribed: (state.never_subscribed ?? []).filter((x) => !ids.has(x.stream_id)),
    };
  }
  const apply = channelUpdater(event);
  return {
    ...state,
    subscriptions: state.subscriptions?.map(apply),
    unsubscribed: state.unsubscribed?.map(apply),
    never_subscribed: state.never_subscribed?.map(apply),
  };
}
