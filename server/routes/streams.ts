import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import type { Realm } from '../realm/realm';
import {
  CHANNEL_GROUP_SETTINGS,
  canAccessContent,
  canAccessMetadata,
  canAdministerChannel,
  checkChannelDescription,
  checkChannelName,
  metadataViewerIds,
  type Channel,
  type ChannelGroupSetting,
} from '../realm/channels';
import {
  checkExpectedGroupSetting,
  checkGroupSettingUpdate,
  forbidSystemGroups,
  SYSTEM_GROUPS,
  userInGroupSetting,
  type GroupSettingUpdate,
} from '../realm/groups';
import { channelToWire } from '../realm/channel-wire';
import { isSubscribed } from '../realm/subscriptions';
import { isAdmin, isGuest } from '../realm/roles';
import { activeHumanIds, requireAdmin, type User } from '../realm/users';
import { renderMarkdown } from '../render/markdown';

const anyJson = p.json((v) => v);

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

/** Spec 4.2 `message_retention_days`: days, `realm_default` (null) or `unlimited` (-1). */
export function parseRetentionDays(value: number | string): number | null {
  if (value === 'realm_default') return null;
  if (value === 'unlimited') return -1;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  throw badRequest(`Bad value for 'message_retention_days': ${value}`);
}

/** The default channels by ID, as register's `realm_default_streams` (the form since level 330). */
function defaultStreamsEvent(realm: Realm) {
  return {
    type: 'default_streams',
    default_streams: [...realm.channels.values()].filter((c) => c.is_default).map((c) => c.stream_id),
  };
}

/** GET /streams (4.9): which channels one request selects. */
function selectChannels(
  realm: Realm,
  user: User,
  q: {
    include_public: boolean;
    include_web_public: boolean;
    include_subscribed: boolean;
    exclude_archived: boolean;
    include_all: boolean;
    include_default: boolean;
    include_owner_subscribed: boolean;
    include_can_access_content: boolean;
  },
): Channel[] {
  const owner = user.is_bot && user.bot_owner_id !== null ? realm.users.get(user.bot_owner_id) : undefined;
  return [...realm.channels.values()].filter((c) => {
    if (q.exclude_archived && c.is_archived) return false;
    if (q.include_all) return isAdmin(user) || canAccessMetadata(realm, user, c);
    return (
      (q.include_public && !c.invite_only && !isGuest(user)) ||
      (q.include_web_public && c.is_web_public) ||
      (q.include_subscribed && isSubscribed(c, user.user_id)) ||
      (q.include_can_access_content && canAccessContent(realm, user, c)) ||
      // Default channels only as far as the user may see them (a guest is not told of those they are not in).
      (q.include_default && c.is_default && canAccessMetadata(realm, user, c)) ||
      (q.include_owner_subscribed && owner !== undefined && isSubscribed(c, owner.user_id))
    );
  });
}

interface ChannelChange {
  property: string;
  value: unknown;
  extra?: Record<string, unknown>;
}

export const streamRoutes = [
  route({
    method: 'GET',
    path: '/streams',
    params: {
      include_public: p.bool().default(true),
      include_web_public: p.bool().default(false),
      include_subscribed: p.bool().default(true),
      exclude_archived: p.bool().default(true),
      include_all: p.bool().default(false),
      include_default: p.bool().default(false),
      include_owner_subscribed: p.bool().default(false),
      include_can_access_content: p.bool().default(false),
      include_all_active: p.bool().default(false),
    },
    handler: ({ realm, user }, q) => {
      // The deprecated alias keeps its old rule: administrators only.
      if (q.include_all_active && !isAdmin(user)) throw badRequest('User not authorized for this query');
      const channels = selectChannels(realm, user, {
        ...q,
        include_all: q.include_all || q.include_all_active,
      });
      return {
        streams: channels.map((c) => channelToWire(realm, c, { includeDefault: q.include_default })),
      };
    },
  }),

  route({
    method: 'GET',
    path: '/streams/:stream_id',
    params: { stream_id: p.int().required() },
    handler: ({ realm, user }, { stream_id }) => {
      const channel = realm.channels.get(stream_id);
      if (!channel || !canAccessMetadata(realm, user, channel)) throw badRequest('Invalid channel ID');
      return { stream: channelToWire(realm, channel) };
    },
  }),

  route({
    method: 'PATCH',
    path: '/streams/:stream_id',
    params: {
      stream_id: p.int().required(),
      description: p.string(),
      new_name: p.string(),
      is_private: p.bool(),
      is_web_public: p.bool(),
      history_public_to_subscribers: p.bool(),
      is_default_stream: p.bool(),
      message_retention_days: p.intOrString(),
      can_add_subscribers_group: anyJson,
      can_remove_subscribers_group: anyJson,
      can_administer_channel_group: anyJson,
      can_send_message_group: anyJson,
      can_subscribe_group: anyJson,
      // Deprecated, still accepted (9.4): both set `can_send_message_group` to a system group.
      stream_post_policy: p.int(),
      is_announcement_only: p.bool(),
    },
    handler: ({ realm, user }, params) => {
      const channel = realm.channels.get(params.stream_id);
      if (!channel || !canAccessMetadata(realm, user, channel)) throw badRequest('Invalid channel ID');
      if (!canAdministerChannel(realm, user, channel))
        throw badRequest('You do not have permission to administer this channel.');
      const contentAccess = !channel.invite_only || isSubscribed(channel, user.user_id);

      // ---- validate everything first, so a refused request changes nothing ----
      const groupUpdates = new Map<ChannelGroupSetting, GroupSettingUpdate>();
      for (const name of CHANNEL_GROUP_SETTINGS) {
        if (params[name] === undefined) continue;
        const update = checkGroupSettingUpdate(realm, params[name], name);
        forbidSystemGroups(realm, update.new, name, ['internet']);
        if (CONTENT_ACCESS_SETTINGS.includes(name) && !contentAccess) throw badRequest('Invalid channel ID');
        checkExpectedGroupSetting(update, channel[name]);
        groupUpdates.set(name, update);
      }

      if (params.can_send_message_group === undefined) {
        const policy =
          params.stream_post_policy ??
          (params.is_announcement_only === undefined ? undefined : params.is_announcement_only ? 2 : 1);
        if (policy !== undefined) {
          const group = POST_POLICY_GROUPS[policy];
          if (group === undefined) throw badRequest('Invalid stream_post_policy');
          groupUpdates.set('can_send_message_group', { new: group });
        }
      }

      const privacyRequested =
        params.is_private !== undefined ||
        params.is_web_public !== undefined ||
        params.history_public_to_subscribers !== undefined;
      if (params.is_private === true && params.is_web_public === true) throw badRequest('Invalid parameters');
      if (privacyRequested && !contentAccess) throw badRequest('Invalid channel ID');
      const inviteOnly = params.is_private ?? (params.is_web_public === true ? false : channel.invite_only);
      const webPublic = params.is_web_public ?? (inviteOnly ? false : channel.is_web_public);
      const history =
        params.history_public_to_subscribers ?? (inviteOnly ? channel.history_public_to_subscribers : true);
      if (!history && !inviteOnly) throw badRequest('Invalid parameters');
      if (!inviteOnly && channel.stream_id === realm.settings.moderation_request_channel_id)
        throw badRequest('A moderation request channel cannot be public.');
      if (webPublic && !channel.is_web_public) {
        if (!realm.server.webPublicStreamsEnabled || !realm.settings.enable_spectator_access)
          throw badRequest('Web-public channels are not enabled.');
        if (!userInGroupSetting(realm, user, realm.settings.can_create_web_public_channel_group))
          throw badRequest('Insufficient permission');
      }

      const newName =
        params.new_name === undefined ? undefined : checkChannelName(realm, params.new_name, channel);
      const description =
        params.description === undefined ? undefined : checkChannelDescription(params.description);
      let retention: number | null | undefined;
      if (params.message_retention_days !== undefined) {
        requireAdmin(user);
        retention = parseRetentionDays(params.message_retention_days);
      }
      if (params.is_default_stream !== undefined) requireAdmin(user);
      const willBeDefault = params.is_default_stream ?? channel.is_default;
      if (willBeDefault && inviteOnly) throw badRequest('A default channel cannot be private.');

      // ---- apply, collecting one event per changed property ----
      const before = new Set(metadataViewerIds(realm, channel));
      const changes: ChannelChange[] = [];
      if (newName !== undefined && newName !== channel.name) {
        const old = channel.name;
        channel.name = newName;
        realm.renderEpoch++;
        changes.push({ property: 'name', value: newName, extra: { name: old } });
      }
      if (description !== undefined && description !== channel.description) {
        channel.description = description;
        changes.push({
          property: 'description',
          value: description,
          extra: { rendered_description: renderMarkdown(realm, description).html },
        });
      }
      const privacyChanged =
        inviteOnly !== channel.invite_only ||
        webPublic !== channel.is_web_public ||
        history !== channel.history_public_to_subscribers;
      if (privacyChanged) {
        const was = {
          invite_only: channel.invite_only,
          is_web_public: channel.is_web_public,
          history: channel.history_public_to_subscribers,
        };
        channel.invite_only = inviteOnly;
        channel.is_web_public = webPublic;
        channel.history_public_to_subscribers = history;
        const privacy = { history_public_to_subscribers: history, is_web_public: webPublic };
        if (was.invite_only !== inviteOnly)
          changes.push({ property: 'invite_only', value: inviteOnly, extra: privacy });
        if (was.is_web_public !== webPublic)
          changes.push({
            property: 'is_web_public',
            value: webPublic,
            extra: { invite_only: inviteOnly, history_public_to_subscribers: history },
          });
        if (was.history !== history)
          changes.push({
            property: 'history_public_to_subscribers',
            value: history,
            extra: { invite_only: inviteOnly, is_web_public: webPublic },
          });
      }
      if (retention !== undefined && retention !== channel.message_retention_days) {
        channel.message_retention_days = retention;
        changes.push({ property: 'message_retention_days', value: retention });
      }
      for (const [name, update] of groupUpdates) {
        if (JSON.stringify(update.new) === JSON.stringify(channel[name])) continue;
        channel[name] = update.new;
        changes.push({ property: name, value: update.new });
      }
      const defaultChanged =
        params.is_default_stream !== undefined && params.is_default_stream !== channel.is_default;
      if (defaultChanged) channel.is_default = params.is_default_stream!;

      // ---- events ----
      const after = new Set(metadataViewerIds(realm, channel));
      const gained = [...after].filter((id) => !before.has(id));
      const lost = [...before].filter((id) => !after.has(id));
      const kept = [...after].filter((id) => before.has(id));
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
      if (defaultChanged) realm.events.publish(activeHumanIds(realm), defaultStreamsEvent(realm));
      return {};
    },
  }),
];
