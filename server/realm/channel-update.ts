import { badRequest } from '../http/errors';
import {
  CHANNEL_GROUP_SETTINGS,
  canAccessMetadata,
  canAdministerChannel,
  checkChannelDescription,
  checkChannelName,
  metadataViewerIds,
  parseRetentionDays,
  type Channel,
  type ChannelGroupSetting,
} from './channels';
import { channelToWire, renderedDescription } from './channel-wire';
import {
  checkExpectedGroupSetting,
  checkGroupSettingUpdate,
  forbidSystemGroups,
  SYSTEM_GROUPS,
  userInGroupSetting,
  type GroupSettingUpdate,
} from './groups';
import type { Realm } from './realm';
import { isSubscribed } from './subscriptions';
import { activeHumanIds, requireAdmin, type User } from './users';

/**
 * PATCH /streams/{stream_id} (4.2): who may change a channel, which combinations are valid, and who
 * hears what. Everything is checked before anything changes, so a refused request changes nothing.
 */

export type ChannelUpdateRequest = Partial<Record<ChannelGroupSetting, unknown>> & {
  description?: string;
  new_name?: string;
  is_private?: boolean;
  is_web_public?: boolean;
  history_public_to_subscribers?: boolean;
  is_default_stream?: boolean;
  message_retention_days?: number | string;
  /** Deprecated (9.4): both set `can_send_message_group` to a system group. */
  stream_post_policy?: number;
  is_announcement_only?: boolean;
};

/** Group settings whose change needs content access (they decide who may join), not just metadata. */
const CONTENT_ACCESS_SETTINGS: readonly ChannelGroupSetting[] = [
  'can_add_subscribers_group',
  'can_subscribe_group',
];

/** The deprecated `stream_post_policy` values (2.2) as the system group that may post. */
const POST_POLICY_GROUPS: Readonly<Record<number, number>> = {
  1: SYSTEM_GROUPS.everyone,
  2: SYSTEM_GROUPS.administrators,
  3: SYSTEM_GROUPS.fullmembers,
  4: SYSTEM_GROUPS.moderators,
};

interface Privacy {
  inviteOnly: boolean;
  webPublic: boolean;
  history: boolean;
}

/** The checked request: every value the channel will have where the request changes it. */
interface ChannelUpdatePlan {
  groupUpdates: Map<ChannelGroupSetting, GroupSettingUpdate>;
  privacy: Privacy;
  newName?: string;
  description?: string;
  retention?: number | null;
  isDefault?: boolean;
}

interface ChannelChange {
  property: string;
  value: unknown;
  extra?: Record<string, unknown>;
}

/** The default channels by ID, as register's `realm_default_streams` (the form since level 330). */
function defaultStreamsEvent(realm: Realm) {
  return {
    type: 'default_streams',
    default_streams: [...realm.channels.values()].filter((c) => c.is_default).map((c) => c.stream_id),
  };
}

function administrableChannel(realm: Realm, user: User, streamId: number): Channel {
  const channel = realm.channels.get(streamId);
  if (!channel || !canAccessMetadata(realm, user, channel)) throw badRequest('Invalid channel ID');
  if (!canAdministerChannel(realm, user, channel))
    throw badRequest('You do not have permission to administer this channel.');
  return channel;
}

function checkGroupUpdates(
  realm: Realm,
  channel: Channel,
  req: ChannelUpdateRequest,
  contentAccess: boolean,
): Map<ChannelGroupSetting, GroupSettingUpdate> {
  const updates = new Map<ChannelGroupSetting, GroupSettingUpdate>();
  for (const name of CHANNEL_GROUP_SETTINGS) {
    if (req[name] === undefined) continue;
    const update = checkGroupSettingUpdate(realm, req[name], name);
    forbidSystemGroups(realm, update.new, name, ['internet']);
    if (CONTENT_ACCESS_SETTINGS.includes(name) && !contentAccess) throw badRequest('Invalid channel ID');
    checkExpectedGroupSetting(update, channel[name]);
    updates.set(name, update);
  }
  if (req.can_send_message_group === undefined) {
    const policy =
      req.stream_post_policy ??
      (req.is_announcement_only === undefined ? undefined : req.is_announcement_only ? 2 : 1);
    if (policy !== undefined) {
      const group = POST_POLICY_GROUPS[policy];
      if (group === undefined) throw badRequest('Invalid stream_post_policy');
      updates.set('can_send_message_group', { new: group });
    }
  }
  return updates;
}

/** Privacy after the request: `is_private`, `is_web_public` and history constrain one another. */
function checkPrivacy(
  realm: Realm,
  user: User,
  channel: Channel,
  req: ChannelUpdateRequest,
  contentAccess: boolean,
): Privacy {
  const requested =
    req.is_private !== undefined ||
    req.is_web_public !== undefined ||
    req.history_public_to_subscribers !== undefined;
  if (req.is_private === true && req.is_web_public === true) throw badRequest('Invalid parameters');
  if (requested && !contentAccess) throw badRequest('Invalid channel ID');
  const inviteOnly = req.is_private ?? (req.is_web_public === true ? false : channel.invite_only);
  const webPublic = req.is_web_public ?? (inviteOnly ? false : channel.is_web_public);
  const history =
    req.history_public_to_subscribers ?? (inviteOnly ? channel.history_public_to_subscribers : true);
  if (!history && !inviteOnly) throw badRequest('Invalid parameters');
  if (!inviteOnly && channel.stream_id === realm.settings.moderation_request_channel_id)
    throw badRequest('A moderation request channel cannot be public.');
  if (webPublic && !channel.is_web_public) {
    if (!realm.server.webPublicStreamsEnabled || !realm.settings.enable_spectator_access)
      throw badRequest('Web-public channels are not enabled.');
    if (!userInGroupSetting(realm, user, realm.settings.can_create_web_public_channel_group))
      throw badRequest('Insufficient permission');
  }
  return { inviteOnly, webPublic, history };
}

function checkChannelUpdate(
  realm: Realm,
  user: User,
  channel: Channel,
  req: ChannelUpdateRequest,
): ChannelUpdatePlan {
  const contentAccess = !channel.invite_only || isSubscribed(channel, user.user_id);
  const plan: ChannelUpdatePlan = {
    groupUpdates: checkGroupUpdates(realm, channel, req, contentAccess),
    privacy: checkPrivacy(realm, user, channel, req, contentAccess),
  };
  if (req.new_name !== undefined) plan.newName = checkChannelName(realm, req.new_name, channel);
  if (req.description !== undefined) plan.description = checkChannelDescription(req.description);
  if (req.message_retention_days !== undefined) {
    requireAdmin(user);
    plan.retention = parseRetentionDays(req.message_retention_days);
  }
  if (req.is_default_stream !== undefined) {
    requireAdmin(user);
    plan.isDefault = req.is_default_stream;
  }
  if ((plan.isDefault ?? channel.is_default) && plan.privacy.inviteOnly)
    throw badRequest('A default channel cannot be private.');
  return plan;
}

/** The privacy events: one per changed flag, each carrying the other two as they now are. */
function applyPrivacy(channel: Channel, privacy: Privacy): ChannelChange[] {
  const { inviteOnly, webPublic, history } = privacy;
  const changes: ChannelChange[] = [];
  if (channel.invite_only !== inviteOnly)
    changes.push({
      property: 'invite_only',
      value: inviteOnly,
      extra: { history_public_to_subscribers: history, is_web_public: webPublic },
    });
  if (channel.is_web_public !== webPublic)
    changes.push({
      property: 'is_web_public',
      value: webPublic,
      extra: { invite_only: inviteOnly, history_public_to_subscribers: history },
    });
  if (channel.history_public_to_subscribers !== history)
    changes.push({
      property: 'history_public_to_subscribers',
      value: history,
      extra: { invite_only: inviteOnly, is_web_public: webPublic },
    });
  channel.invite_only = inviteOnly;
  channel.is_web_public = webPublic;
  channel.history_public_to_subscribers = history;
  return changes;
}

/** Apply the plan; returns one change per property whose value differs, in the order events go out. */
function applyChannelUpdate(realm: Realm, channel: Channel, plan: ChannelUpdatePlan): ChannelChange[] {
  const changes: ChannelChange[] = [];
  if (plan.newName !== undefined && plan.newName !== channel.name) {
    const old = channel.name;
    channel.name = plan.newName;
    changes.push({ property: 'name', value: plan.newName, extra: { name: old } });
  }
  if (plan.description !== undefined && plan.description !== channel.description) {
    channel.description = plan.description;
    changes.push({
      property: 'description',
      value: plan.description,
      extra: { rendered_description: renderedDescription(realm, channel) },
    });
  }
  changes.push(...applyPrivacy(channel, plan.privacy));
  if (plan.retention !== undefined && plan.retention !== channel.message_retention_days) {
    channel.message_retention_days = plan.retention;
    changes.push({ property: 'message_retention_days', value: plan.retention });
  }
  for (const [name, update] of plan.groupUpdates) {
    if (JSON.stringify(update.new) === JSON.stringify(channel[name])) continue;
    channel[name] = update.new;
    changes.push({ property: name, value: update.new });
  }
  return changes;
}

/**
 * Who could see the channel before and after decides the events: those who still can get the
 * updates, those who now can get it created, those who no longer can get it deleted.
 */
function publishChannelUpdate(
  realm: Realm,
  channel: Channel,
  viewersBefore: Set<number>,
  changes: ChannelChange[],
): void {
  const after = new Set(metadataViewerIds(realm, channel));
  const gained = [...after].filter((id) => !viewersBefore.has(id));
  const lost = [...viewersBefore].filter((id) => !after.has(id));
  const kept = [...after].filter((id) => viewersBefore.has(id));
  for (const change of changes) {
    realm.events.publish(kept, {
      type: 'stream',
      op: 'update',
      stream_id: channel.stream_id,
      name: channel.name,
      property: change.property,
      value: change.value,
      ...change.extra,
    });
  }
  if (gained.length > 0)
    realm.events.publish(gained, {
      type: 'stream',
      op: 'create',
      streams: [channelToWire(realm, channel)],
    });
  if (lost.length > 0)
    realm.events.publish(lost, {
      type: 'stream',
      op: 'delete',
      // Only the ID since level 343, as the real service.
      streams: [{ stream_id: channel.stream_id }],
      stream_ids: [channel.stream_id],
    });
}

export function updateChannel(realm: Realm, user: User, streamId: number, req: ChannelUpdateRequest): void {
  const channel = administrableChannel(realm, user, streamId);
  const plan = checkChannelUpdate(realm, user, channel, req);
  const viewersBefore = new Set(metadataViewerIds(realm, channel));
  const changes = applyChannelUpdate(realm, channel, plan);
  const defaultChanged = plan.isDefault !== undefined && plan.isDefault !== channel.is_default;
  if (defaultChanged) channel.is_default = plan.isDefault!;
  publishChannelUpdate(realm, channel, viewersBefore, changes);
  if (defaultChanged) realm.events.publish(activeHumanIds(realm), defaultStreamsEvent(realm));
}
