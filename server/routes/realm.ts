import { badRequest } from '../http/errors';
import { p, type Param } from '../http/params';
import { route } from '../http/route';
import type { EventPayload, Realm } from '../realm/realm';
import {
  checkExpectedGroupSetting,
  checkGroupSettingUpdate,
  forbidSystemGroups,
  type GroupSettingValue,
} from '../realm/groups';
import { REALM_GROUP_SETTINGS } from '../realm/settings';
import { LANGUAGES, USER_SETTING_RULES } from '../realm/user-settings';
import { activeHumanIds, requireAdmin } from '../realm/users';
import { renderMarkdown } from '../render/markdown';
import { changedSettings, settingParams } from './settings';

const MAX_REALM_NAME_LENGTH = 40;
const MAX_REALM_DESCRIPTION_LENGTH = 1000;

type Value = boolean | number | string | null | GroupSettingValue;

/** A time limit in seconds: a positive integer, or `unlimited` (stored as null). */
function timeLimit(raw: number | string, name: string): number | null {
  if (raw === 'unlimited') return null;
  if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) return raw;
  throw badRequest(`Invalid ${name}`);
}

/** Non-group organization settings PATCH /realm accepts, each parsed and checked on its own. */
const plainSettings = {
  name: p.string(),
  description: p.string(),
  allow_message_editing: p.bool(),
  message_content_edit_limit_seconds: p.intOrString(),
  move_messages_within_stream_limit_seconds: p.intOrString(),
  move_messages_between_streams_limit_seconds: p.intOrString(),
  message_content_delete_limit_seconds: p.intOrString(),
  message_edit_history_visibility_policy: p.oneOf(['all', 'moves', 'none'] as const),
  topics_policy: p.oneOf(['allow_empty_topic', 'disable_empty_topic'] as const),
  waiting_period_threshold: p.int(),
  enable_spectator_access: p.bool(),
  message_retention_days: p.intOrString(),
  default_language: p.string(),
  inline_image_preview: p.bool(),
  inline_url_embed_preview: p.bool(),
  enable_read_receipts: p.bool(),
  send_welcome_emails: p.bool(),
  digest_emails_enabled: p.bool(),
  digest_weekday: p.int(),
  invite_required: p.bool(),
  emails_restricted_to_domains: p.bool(),
  disallow_disposable_email_addresses: p.bool(),
  require_unique_names: p.bool(),
  default_code_block_language: p.string(),
  new_stream_announcements_stream_id: p.int(),
  signup_announcements_stream_id: p.int(),
  zulip_update_announcements_stream_id: p.int(),
  moderation_request_channel_id: p.int(),
  want_advertise_in_communities_directory: p.bool(),
  org_type: p.int(),
};

const groupSettingParams = Object.fromEntries(
  REALM_GROUP_SETTINGS.map((name) => [name, p.json((v) => v)]),
) as Record<(typeof REALM_GROUP_SETTINGS)[number], Param<unknown>>;

/** Check one plain setting and return the value to store. */
function checkRealmSetting(realm: Realm, name: keyof typeof plainSettings, raw: unknown): Value {
  switch (name) {
    case 'name': {
      const v = (raw as string).trim();
      if (v === '') throw badRequest("Organization name can't be empty.");
      if ([...v].length > MAX_REALM_NAME_LENGTH)
        throw badRequest(`name is too long (limit: ${MAX_REALM_NAME_LENGTH} characters)`);
      return v;
    }
    case 'description':
      if ([...(raw as string)].length > MAX_REALM_DESCRIPTION_LENGTH)
        throw badRequest(`description is too long (limit: ${MAX_REALM_DESCRIPTION_LENGTH} characters)`);
      return raw as string;
    case 'message_content_edit_limit_seconds':
    case 'move_messages_within_stream_limit_seconds':
    case 'move_messages_between_streams_limit_seconds':
    case 'message_content_delete_limit_seconds':
      return timeLimit(raw as number | string, name);
    case 'message_retention_days':
      if (raw === 'unlimited') return -1;
      if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) return raw;
      throw badRequest(`Bad value for 'message_retention_days': ${String(raw)}`);
    case 'waiting_period_threshold':
      if ((raw as number) < 0) throw badRequest(`Invalid ${name}`);
      return raw as number;
    case 'digest_weekday':
      if ((raw as number) < 0 || (raw as number) > 6) throw badRequest(`Invalid ${name}`);
      return raw as number;
    case 'default_language':
      if (!((raw as string) in LANGUAGES)) throw badRequest(`Invalid language '${String(raw)}'`);
      return raw as string;
    case 'new_stream_announcements_stream_id':
    case 'signup_announcements_stream_id':
    case 'zulip_update_announcements_stream_id':
      if (raw !== -1 && !realm.channels.has(raw as number)) throw badRequest('Invalid channel ID');
      return raw as number;
    case 'moderation_request_channel_id': {
      if (raw === -1) return -1;
      const c = realm.channels.get(raw as number);
      if (!c) throw badRequest('Invalid channel ID');
      if (!c.invite_only) throw badRequest('Moderation request channel must be private.');
      return raw as number;
    }
    default:
      return raw as Value;
  }
}

/** The value as clients see it (the description is shown rendered, like POST /register). */
function wireValue(realm: Realm, name: string, value: Value): Value {
  return name === 'description' ? renderMarkdown(realm, value as string).html : value;
}

/** Settings whose change the real service announces with `update_dict`, for historical reasons. */
const UPDATE_DICT_SETTINGS = new Set<string>([
  'allow_message_editing',
  'message_content_edit_limit_seconds',
  ...REALM_GROUP_SETTINGS,
]);

/**
 * One event per changed setting, in the real service's form: `update` with `property` and `value`,
 * except the settings above (`update_dict` with `data`), and `topics_policy`, which also carries the
 * deprecated `mandatory_topics` it replaced.
 */
function settingEvent(realm: Realm, name: string, value: Value): EventPayload {
  const wire = wireValue(realm, name, value);
  if (name === 'topics_policy')
    return {
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { topics_policy: wire, mandatory_topics: wire === 'disable_empty_topic' },
    };
  if (UPDATE_DICT_SETTINGS.has(name))
    return { type: 'realm', op: 'update_dict', property: 'default', data: { [name]: wire } };
  return { type: 'realm', op: 'update', property: name, value: wire };
}

export const realmRoutes = [
  route({
    method: 'PATCH',
    path: '/realm',
    params: { ...plainSettings, ...groupSettingParams },
    handler: ({ realm, user }, params) => {
      requireAdmin(user);
      const all = params as Record<string, unknown>;
      const settings = realm.settings as unknown as Record<string, Value>;
      const changes: [string, Value][] = [];
      for (const name of Object.keys(plainSettings) as (keyof typeof plainSettings)[]) {
        if (all[name] === undefined) continue;
        const value = checkRealmSetting(realm, name, all[name]);
        if (settings[name] !== value) changes.push([name, value]);
      }
      for (const name of REALM_GROUP_SETTINGS) {
        if (all[name] === undefined) continue;
        const update = checkGroupSettingUpdate(realm, all[name], name);
        forbidSystemGroups(
          realm,
          update.new,
          name,
          name === 'can_access_all_users_group' ? [] : ['internet'],
        );
        checkExpectedGroupSetting(update, realm.settings[name]);
        if (JSON.stringify(update.new) !== JSON.stringify(realm.settings[name]))
          changes.push([name, update.new]);
      }
      if (changes.length === 0) return {};
      for (const [name, value] of changes) settings[name] = value;
      for (const [name, value] of changes)
        realm.events.publish(activeHumanIds(realm), settingEvent(realm, name, value));
      return {};
    },
  }),

  route({
    method: 'PATCH',
    path: '/realm/user_settings_defaults',
    params: settingParams((name) => USER_SETTING_RULES[name].realmDefault),
    handler: ({ realm, user }, params) => {
      requireAdmin(user);
      const changes = changedSettings(
        params as Record<string, unknown>,
        realm.userSettingsDefaults,
        (name) => USER_SETTING_RULES[name].realmDefault,
      );
      // Only the defaults for new users change; existing users keep their settings.
      for (const [name, value] of changes) {
        (realm.userSettingsDefaults as unknown as Record<string, unknown>)[name] = value;
        realm.events.publish(activeHumanIds(realm), {
          type: 'realm_user_settings_defaults',
          op: 'update',
          property: name,
          value,
        });
      }
      return {};
    },
  }),
];
