import { badRequest } from '../http/errors';
import { renderMarkdown } from '../render/markdown';
import {
  checkExpectedGroupSetting,
  checkGroupSettingUpdate,
  forbidSystemGroups,
  type GroupSettingValue,
} from './groups';
import type { EventPayload, Realm } from './realm';
import { REALM_GROUP_SETTINGS } from './settings';
import { LANGUAGES } from './user-settings';
import { activeHumanIds, requireAdmin, type User } from './users';

/** PATCH /realm (4.2): administrators change organization settings; everyone hears one event per change. */

const MAX_REALM_NAME_LENGTH = 40;
const MAX_REALM_DESCRIPTION_LENGTH = 1000;

type Value = boolean | number | string | null | GroupSettingValue;

/** How a plain (non-group) setting arrives: its wire type, or the list of its allowed values. */
export type RealmSettingKind = 'string' | 'bool' | 'int' | 'intOrString' | readonly string[];

/** The plain settings PATCH /realm accepts, in the order they are checked and reported. */
export const REALM_PLAIN_SETTINGS = {
  name: 'string',
  description: 'string',
  allow_message_editing: 'bool',
  message_content_edit_limit_seconds: 'intOrString',
  move_messages_within_stream_limit_seconds: 'intOrString',
  move_messages_between_streams_limit_seconds: 'intOrString',
  message_content_delete_limit_seconds: 'intOrString',
  message_edit_history_visibility_policy: ['all', 'moves', 'none'],
  topics_policy: ['allow_empty_topic', 'disable_empty_topic'],
  waiting_period_threshold: 'int',
  enable_spectator_access: 'bool',
  message_retention_days: 'intOrString',
  default_language: 'string',
  inline_image_preview: 'bool',
  inline_url_embed_preview: 'bool',
  enable_read_receipts: 'bool',
  send_welcome_emails: 'bool',
  digest_emails_enabled: 'bool',
  digest_weekday: 'int',
  invite_required: 'bool',
  emails_restricted_to_domains: 'bool',
  disallow_disposable_email_addresses: 'bool',
  require_unique_names: 'bool',
  default_code_block_language: 'string',
  new_stream_announcements_stream_id: 'int',
  signup_announcements_stream_id: 'int',
  zulip_update_announcements_stream_id: 'int',
  moderation_request_channel_id: 'int',
  want_advertise_in_communities_directory: 'bool',
  org_type: 'int',
} as const satisfies Record<string, RealmSettingKind>;

type PlainSetting = keyof typeof REALM_PLAIN_SETTINGS;

/** A time limit in seconds: a positive integer, or `unlimited` (stored as null). */
function timeLimit(raw: number | string, name: string): number | null {
  if (raw === 'unlimited') return null;
  if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) return raw;
  throw badRequest(`Invalid ${name}`);
}

/** Check one plain setting and return the value to store. */
function checkRealmSetting(realm: Realm, name: PlainSetting, raw: unknown): Value {
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

/** Every passed setting is checked before any is stored; unchanged ones are not reported. */
function changedRealmSettings(realm: Realm, values: Readonly<Record<string, unknown>>): [string, Value][] {
  const current = realm.settings as unknown as Record<string, Value>;
  const changes: [string, Value][] = [];
  for (const name of Object.keys(REALM_PLAIN_SETTINGS) as PlainSetting[]) {
    if (values[name] === undefined) continue;
    const value = checkRealmSetting(realm, name, values[name]);
    if (current[name] !== value) changes.push([name, value]);
  }
  for (const name of REALM_GROUP_SETTINGS) {
    if (values[name] === undefined) continue;
    const update = checkGroupSettingUpdate(realm, values[name], name);
    forbidSystemGroups(realm, update.new, name, name === 'can_access_all_users_group' ? [] : ['internet']);
    checkExpectedGroupSetting(update, realm.settings[name]);
    if (JSON.stringify(update.new) !== JSON.stringify(realm.settings[name])) changes.push([name, update.new]);
  }
  return changes;
}

/** PATCH /realm: `values` holds the passed settings by name (plain ones parsed, group ones as sent). */
export function updateRealmSettings(
  realm: Realm,
  actor: User,
  values: Readonly<Record<string, unknown>>,
): void {
  requireAdmin(actor);
  const changes = changedRealmSettings(realm, values);
  if (changes.length === 0) return;
  const settings = realm.settings as unknown as Record<string, Value>;
  for (const [name, value] of changes) settings[name] = value;
  for (const [name, value] of changes)
    realm.events.publish(activeHumanIds(realm), settingEvent(realm, name, value));
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
