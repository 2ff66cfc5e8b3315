import { badRequest } from '../http/errors';

/**
 * Per-user preferences (spec 4.6). The organization keeps a copy as the defaults for new users.
 */
export interface UserSettings {
  twenty_four_hour_time: boolean;
  starred_message_counts: boolean;
  receives_typing_notifications: boolean;
  web_suggest_update_timezone: boolean;
  fluid_layout_width: boolean;
  high_contrast_mode: boolean;
  web_mark_read_on_scroll_policy: number;
  web_channel_default_view: number;
  web_font_size_px: number;
  web_line_height_percent: number;
  color_scheme: number;
  enable_drafts_synchronization: boolean;
  translate_emoticons: boolean;
  display_emoji_reaction_users: boolean;
  default_language: string;
  web_home_view: string;
  web_escape_navigates_to_home_view: boolean;
  left_side_userlist: boolean;
  emojiset: string;
  demote_inactive_streams: number;
  user_list_style: number;
  web_animate_image_previews: string;
  web_stream_unreads_count_display_policy: number;
  hide_ai_features: boolean;
  timezone: string;
  enable_stream_desktop_notifications: boolean;
  enable_stream_email_notifications: boolean;
  enable_stream_push_notifications: boolean;
  enable_stream_audible_notifications: boolean;
  notification_sound: string;
  enable_desktop_notifications: boolean;
  enable_sounds: boolean;
  email_notifications_batching_period_seconds: number;
  enable_offline_email_notifications: boolean;
  enable_offline_push_notifications: boolean;
  enable_online_push_notifications: boolean;
  enable_followed_topic_desktop_notifications: boolean;
  enable_followed_topic_email_notifications: boolean;
  enable_followed_topic_push_notifications: boolean;
  enable_followed_topic_audible_notifications: boolean;
  enable_digest_emails: boolean;
  enable_marketing_emails: boolean;
  enable_login_emails: boolean;
  message_content_in_email_notifications: boolean;
  pm_content_in_desktop_notifications: boolean;
  wildcard_mentions_notify: boolean;
  enable_followed_topic_wildcard_mentions_notify: boolean;
  desktop_icon_count_display: number;
  realm_name_in_email_notifications_policy: number;
  automatically_follow_topics_policy: number;
  automatically_unmute_topics_in_muted_streams_policy: number;
  automatically_follow_topics_where_mentioned: boolean;
  presence_enabled: boolean;
  enter_sends: boolean;
  send_private_typing_notifications: boolean;
  send_stream_typing_notifications: boolean;
  send_read_receipts: boolean;
  email_address_visibility: number;
  web_navigate_to_sent_message: boolean;
  allow_private_data_export: boolean;
}

export function defaultUserSettings(): UserSettings {
  return {
    twenty_four_hour_time: false,
    starred_message_counts: true,
    receives_typing_notifications: true,
    web_suggest_update_timezone: true,
    fluid_layout_width: false,
    high_contrast_mode: false,
    web_mark_read_on_scroll_policy: 1,
    web_channel_default_view: 1,
    web_font_size_px: 16,
    web_line_height_percent: 140,
    color_scheme: 1,
    enable_drafts_synchronization: true,
    translate_emoticons: false,
    display_emoji_reaction_users: true,
    default_language: 'en',
    web_home_view: 'inbox',
    web_escape_navigates_to_home_view: true,
    left_side_userlist: false,
    emojiset: 'vendorA',
    demote_inactive_streams: 1,
    user_list_style: 2,
    web_animate_image_previews: 'on_hover',
    web_stream_unreads_count_display_policy: 2,
    hide_ai_features: false,
    timezone: '',
    enable_stream_desktop_notifications: false,
    enable_stream_email_notifications: false,
    enable_stream_push_notifications: false,
    enable_stream_audible_notifications: false,
    notification_sound: 'chime',
    enable_desktop_notifications: true,
    enable_sounds: true,
    email_notifications_batching_period_seconds: 120,
    enable_offline_email_notifications: true,
    enable_offline_push_notifications: true,
    enable_online_push_notifications: true,
    enable_followed_topic_desktop_notifications: true,
    enable_followed_topic_email_notifications: true,
    enable_followed_topic_push_notifications: true,
    enable_followed_topic_audible_notifications: true,
    enable_digest_emails: true,
    enable_marketing_emails: true,
    enable_login_emails: true,
    message_content_in_email_notifications: true,
    pm_content_in_desktop_notifications: true,
    wildcard_mentions_notify: true,
    enable_followed_topic_wildcard_mentions_notify: true,
    desktop_icon_count_display: 1,
    realm_name_in_email_notifications_policy: 1,
    automatically_follow_topics_policy: 3,
    automatically_unmute_topics_in_muted_streams_policy: 4,
    automatically_follow_topics_where_mentioned: true,
    presence_enabled: true,
    enter_sends: false,
    send_private_typing_notifications: true,
    send_stream_typing_notifications: true,
    send_read_receipts: true,
    email_address_visibility: 1,
    web_navigate_to_sent_message: true,
    allow_private_data_export: false,
  };
}

/** Settings the deprecated `update_display_settings` event carried (others went as notification settings). */
export const DISPLAY_SETTINGS: ReadonlySet<string> = new Set([
  'twenty_four_hour_time',
  'starred_message_counts',
  'receives_typing_notifications',
  'web_suggest_update_timezone',
  'fluid_layout_width',
  'high_contrast_mode',
  'web_mark_read_on_scroll_policy',
  'web_channel_default_view',
  'web_font_size_px',
  'web_line_height_percent',
  'color_scheme',
  'translate_emoticons',
  'display_emoji_reaction_users',
  'default_language',
  'web_home_view',
  'web_escape_navigates_to_home_view',
  'left_side_userlist',
  'emojiset',
  'demote_inactive_streams',
  'user_list_style',
  'web_animate_image_previews',
  'web_stream_unreads_count_display_policy',
  'hide_ai_features',
  'timezone',
  'enable_drafts_synchronization',
  'enter_sends',
]);

/**
 * Settings the deprecated `update_global_notifications` event carried (spec part 6: "a notification
 * setting changes"). Preferences in neither set (read receipts, email visibility, typing-notification
 * sending, …) were never announced by the deprecated events, so legacy clients get nothing for them.
 */
export const NOTIFICATION_SETTINGS: ReadonlySet<string> = new Set([
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'enable_stream_audible_notifications',
  'notification_sound',
  'enable_desktop_notifications',
  'enable_sounds',
  'email_notifications_batching_period_seconds',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_followed_topic_desktop_notifications',
  'enable_followed_topic_email_notifications',
  'enable_followed_topic_push_notifications',
  'enable_followed_topic_audible_notifications',
  'enable_followed_topic_wildcard_mentions_notify',
  'enable_digest_emails',
  'enable_marketing_emails',
  'enable_login_emails',
  'message_content_in_email_notifications',
  'pm_content_in_desktop_notifications',
  'wildcard_mentions_notify',
  'desktop_icon_count_display',
  'realm_name_in_email_notifications_policy',
  'automatically_follow_topics_policy',
  'automatically_unmute_topics_in_muted_streams_policy',
  'automatically_follow_topics_where_mentioned',
  'presence_enabled',
]);

/** How one preference of the 4.6 table is validated: its type and, where listed, its allowed values. */
export type SettingRule =
  | { type: 'bool' }
  | { type: 'int'; values?: readonly number[]; min?: number; max?: number }
  | { type: 'string'; values?: readonly string[]; check?: (v: string) => boolean };

/** Languages the server "has translations for" (4.6 `default_language`), with their English names. */
export const LANGUAGES: Readonly<Record<string, string>> = {
  en: 'English',
  de: 'German',
  es: 'Spanish',
  fr: 'French',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  nl: 'Dutch',
  pl: 'Polish',
  pt: 'Portuguese',
  ru: 'Russian',
  uk: 'Ukrainian',
  'zh-hans': 'Simplified Chinese',
};

export const NOTIFICATION_SOUNDS = ['chime', 'ding', 'none'] as const;

function isTimezone(v: string): boolean {
  if (v === '') return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

const bool = { type: 'bool' } as const;
const oneTo = (n: number) => ({ type: 'int', values: Array.from({ length: n }, (_, i) => i + 1) }) as const;

/**
 * Every preference of spec 4.6 with its rule. `realmDefault` is column D (PATCH
 * /realm/user_settings_defaults); every entry is accepted by PATCH /settings (column S and "see 4.3").
 */
export const USER_SETTING_RULES: Record<keyof UserSettings, SettingRule & { realmDefault: boolean }> = {
  twenty_four_hour_time: { ...bool, realmDefault: true },
  starred_message_counts: { ...bool, realmDefault: true },
  receives_typing_notifications: { ...bool, realmDefault: true },
  web_suggest_update_timezone: { ...bool, realmDefault: true },
  fluid_layout_width: { ...bool, realmDefault: true },
  high_contrast_mode: { ...bool, realmDefault: true },
  web_mark_read_on_scroll_policy: { ...oneTo(3), realmDefault: true },
  web_channel_default_view: { ...oneTo(2), realmDefault: true },
  web_font_size_px: { type: 'int', min: 1, realmDefault: true },
  web_line_height_percent: { type: 'int', min: 1, realmDefault: true },
  color_scheme: { ...oneTo(3), realmDefault: true },
  enable_drafts_synchronization: { ...bool, realmDefault: true },
  translate_emoticons: { ...bool, realmDefault: true },
  display_emoji_reaction_users: { ...bool, realmDefault: true },
  default_language: { type: 'string', values: Object.keys(LANGUAGES), realmDefault: false },
  web_home_view: { type: 'string', values: ['recent_topics', 'inbox', 'all_messages'], realmDefault: true },
  web_escape_navigates_to_home_view: { ...bool, realmDefault: true },
  left_side_userlist: { ...bool, realmDefault: true },
  emojiset: { type: 'string', values: ['text', 'vendorA', 'vendorA-blob', 'vendorB'], realmDefault: true },
  demote_inactive_streams: { ...oneTo(3), realmDefault: true },
  user_list_style: { ...oneTo(3), realmDefault: true },
  web_animate_image_previews: { type: 'string', values: ['always', 'on_hover', 'never'], realmDefault: true },
  web_stream_unreads_count_display_policy: { ...oneTo(3), realmDefault: true },
  hide_ai_features: { ...bool, realmDefault: true },
  timezone: { type: 'string', check: isTimezone, realmDefault: false },
  enable_stream_desktop_notifications: { ...bool, realmDefault: true },
  enable_stream_email_notifications: { ...bool, realmDefault: true },
  enable_stream_push_notifications: { ...bool, realmDefault: true },
  enable_stream_audible_notifications: { ...bool, realmDefault: true },
  notification_sound: { type: 'string', values: NOTIFICATION_SOUNDS, realmDefault: true },
  enable_desktop_notifications: { ...bool, realmDefault: true },
  enable_sounds: { ...bool, realmDefault: true },
  email_notifications_batching_period_seconds: { type: 'int', min: 120, max: 7 * 86400, realmDefault: true },
  enable_offline_email_notifications: { ...bool, realmDefault: true },
  enable_offline_push_notifications: { ...bool, realmDefault: true },
  enable_online_push_notifications: { ...bool, realmDefault: true },
  enable_followed_topic_desktop_notifications: { ...bool, realmDefault: true },
  enable_followed_topic_email_notifications: { ...bool, realmDefault: true },
  enable_followed_topic_push_notifications: { ...bool, realmDefault: true },
  enable_followed_topic_audible_notifications: { ...bool, realmDefault: true },
  enable_digest_emails: { ...bool, realmDefault: true },
  enable_marketing_emails: { ...bool, realmDefault: false },
  enable_login_emails: { ...bool, realmDefault: false },
  message_content_in_email_notifications: { ...bool, realmDefault: true },
  pm_content_in_desktop_notifications: { ...bool, realmDefault: true },
  wildcard_mentions_notify: { ...bool, realmDefault: true },
  enable_followed_topic_wildcard_mentions_notify: { ...bool, realmDefault: true },
  desktop_icon_count_display: { ...oneTo(4), realmDefault: true },
  realm_name_in_email_notifications_policy: { ...oneTo(3), realmDefault: true },
  automatically_follow_topics_policy: { ...oneTo(4), realmDefault: true },
  automatically_unmute_topics_in_muted_streams_policy: { ...oneTo(4), realmDefault: true },
  automatically_follow_topics_where_mentioned: { ...bool, realmDefault: true },
  presence_enabled: { ...bool, realmDefault: true },
  enter_sends: { ...bool, realmDefault: true },
  send_private_typing_notifications: { ...bool, realmDefault: true },
  send_stream_typing_notifications: { ...bool, realmDefault: true },
  send_read_receipts: { ...bool, realmDefault: true },
  email_address_visibility: { ...oneTo(5), realmDefault: true },
  web_navigate_to_sent_message: { ...bool, realmDefault: true },
  allow_private_data_export: { ...bool, realmDefault: false },
};

/** The refusal message for a value outside a setting's rule. */
export function settingValueError(name: string, value: unknown): string {
  if (name === 'email_notifications_batching_period_seconds')
    return `Invalid email batching period: ${String(value)} seconds`;
  if (name === 'notification_sound') return `Invalid notification sound '${String(value)}'`;
  if (name === 'timezone') return 'Not a recognized time zone';
  return `Invalid ${name}`;
}

/** Check a value (already of the rule's type) against the rule; throws the refusal message. */
export function checkSettingValue(name: string, rule: SettingRule, value: boolean | number | string): void {
  let ok = true;
  if (rule.type === 'int') {
    const v = value as number;
    if (rule.values && !rule.values.includes(v)) ok = false;
    if (rule.min !== undefined && v < rule.min) ok = false;
    if (rule.max !== undefined && v > rule.max) ok = false;
  } else if (rule.type === 'string') {
    const v = value as string;
    if (rule.values && !rule.values.includes(v)) ok = false;
    if (rule.check && !rule.check(v)) ok = false;
  }
  if (!ok) throw badRequest(settingValueError(name, value));
}
