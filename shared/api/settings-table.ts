import { z } from 'zod';
import { FONT_SIZE_PX, LINE_HEIGHT_PERCENT } from './plain-values';

/**
 * The preference table of spec 4.6, as data: the settings screens render from it and the
 * PATCH /settings and PATCH /realm/user_settings_defaults parameter schemas are built from it.
 */

export type SettingType = 'boolean' | 'integer' | 'string';
export type SettingGroup = 'display' | 'notifications' | 'privacy';

export interface SettingChoice {
  value: number | string;
  label: string;
  /**
   * The real service's spelling of a value the spec renames (its emoji sets are named after their
   * vendors). Accepted and shown only to a server that uses that spelling.
   */
  realSpelling?: true;
}

export interface SettingEntry {
  name: string;
  type: SettingType;
  /** Short label for a settings screen. */
  label: string;
  /** The spec's "allowed values / meaning" column, when it says more than the label. */
  meaning?: string;
  /** Allowed values with their labels; absent means any value of the type. */
  choices?: readonly SettingChoice[];
  /**
   * Column S: accepted by PATCH /settings. `see 4.3` marks parameters the spec leaves in the unshown
   * part of the PATCH /settings list; the public API accepts them there too.
   */
  settings: 'yes' | 'no' | 'see 4.3';
  /** Column D: accepted by PATCH /realm/user_settings_defaults. */
  defaults: boolean;
  group: SettingGroup;
  /** Feature level that introduced the setting (public API changelog); absent means always present. */
  since?: number;
  /** The name older servers used, and the level from which `name` applies. */
  legacyName?: { name: string; until: number };
  /**
   * The whole numbers this client offers and draws (integers only). The spec gives no bounds; a
   * value outside them from elsewhere is drawn at the nearest bound.
   */
  range?: { min: number; max: number };
}

const policy1to4 = [
  { value: 1, label: 'Topics I participate in' },
  { value: 2, label: 'Topics I send a message to' },
  { value: 3, label: 'Topics I start' },
  { value: 4, label: 'Never' },
] as const;

function bool(
  name: string,
  label: string,
  group: SettingGroup,
  extra: Partial<SettingEntry> = {},
): SettingEntry {
  return { name, type: 'boolean', label, settings: 'yes', defaults: true, group, ...extra };
}

export const settingsTable: readonly SettingEntry[] = [
  bool('twenty_four_hour_time', 'Time format: 24-hour clock', 'display', { meaning: '24-hour clock' }),
  bool('starred_message_counts', 'Show counts for starred messages', 'display'),
  bool('receives_typing_notifications', 'Show when other people are typing', 'privacy', {
    meaning: 'default true',
    since: 253,
  }),
  bool('web_suggest_update_timezone', 'Offer to update my time zone when it differs', 'display', {
    since: 329,
  }),
  bool('fluid_layout_width', 'Use full width on wide screens', 'display'),
  bool('high_contrast_mode', 'High contrast mode', 'display'),
  {
    name: 'web_mark_read_on_scroll_policy',
    type: 'integer',
    label: 'Mark messages as read on scroll',
    choices: [
      { value: 1, label: 'Always' },
      { value: 2, label: 'Only in conversation views' },
      { value: 3, label: 'Never' },
    ],
    settings: 'yes',
    defaults: true,
    group: 'display',
    since: 175,
  },
  {
    name: 'web_channel_default_view',
    type: 'integer',
    label: 'Channel links go to',
    choices: [
      { value: 1, label: 'Top topic in the channel' },
      { value: 2, label: 'Channel feed' },
    ],
    settings: 'yes',
    defaults: true,
    group: 'display',
    since: 269,
  },
  {
    name: 'web_font_size_px',
    type: 'integer',
    label: 'Font size (pixels)',
    meaning: 'pixels',
    range: FONT_SIZE_PX,
    settings: 'yes',
    defaults: true,
    group: 'display',
    since: 245,
  },
  {
    name: 'web_line_height_percent',
    type: 'integer',
    label: 'Line spacing (percent)',
    meaning: 'percent (120 = 1.2)',
    range: LINE_HEIGHT_PERCENT,
    settings: 'yes',
    defaults: true,
    group: 'display',
    since: 245,
  },
  {
    name: 'color_scheme',
    type: 'integer',
    label: 'Theme',
    choices: [
      { value: 1, label: 'Automatic' },
      { value: 2, label: 'Dark' },
      { value: 3, label: 'Light' },
    ],
    settings: 'yes',
    defaults: true,
    group: 'display',
    since: 21,
  },
  bool('enable_drafts_synchronization', 'Save drafts on the server', 'display', {
    meaning: 'when disabled, server-stored drafts are deleted; no events are sent for local copies',
    since: 87,
  }),
  bool('translate_emoticons', 'Convert emoticons to emoji', 'display'),
  bool('display_emoji_reaction_users', 'Show who reacted in emoji reactions', 'display', { since: 125 }),
  {
    name: 'default_language',
    type: 'string',
    label: 'Language',
    meaning: 'language code the server has translations for',
    settings: 'yes',
    defaults: false,
    group: 'display',
  },
  {
    name: 'web_home_view',
    type: 'string',
    label: 'Home view',
    choices: [
      { value: 'recent_topics', label: 'Recent conversations' },
      { value: 'inbox', label: 'Inbox' },
      { value: 'all_messages', label: 'Combined feed' },
    ],
    settings: 'yes',
    defaults: true,
    group: 'display',
    legacyName: { name: 'default_view', until: 219 },
  },
  bool('web_escape_navigates_to_home_view', 'Escape key goes to the home view', 'display', {
    legacyName: { name: 'escape_navigates_to_default_view', until: 219 },
  }),
  bool('left_side_userlist', 'Show the user list on the left in narrow windows', 'display'),
  {
    name: 'emojiset',
    type: 'string',
    label: 'Emoji theme',
    choices: [
      { value: 'text', label: 'Plain text' },
      { value: 'vendorA', label: 'Modern set' },
      { value: 'vendorA-blob', label: 'Classic blob set' },
      { value: 'vendorB', label: 'Second vendor set' },
      { value: 'google', label: 'Modern set', realSpelling: true },
      { value: 'google-blob', label: 'Classic blob set', realSpelling: true },
      { value: 'twitter', label: 'Second vendor set', realSpelling: true },
    ],
    settings: 'yes',
    defaults: true,
    group: 'display',
  },
  {
    name: 'demote_inactive_streams',
    type: 'integer',
    label: 'Demote inactive channels',
    choices: [
      { value: 1, label: 'Automatic' },
      { value: 2, label: 'Always' },
      { value: 3, label: 'Never' },
    ],
    settings: 'yes',
    defaults: true,
    group: 'display',
  },
  {
    name: 'user_list_style',
    type: 'integer',
    label: 'User list style',
    choices: [
      { value: 1, label: 'Compact' },
      { value: 2, label: 'With status' },
      { value: 3, label: 'With avatar and status' },
    ],
    settings: 'yes',
    defaults: true,
    group: 'display',
    since: 141,
  },
  {
    name: 'web_animate_image_previews',
    type: 'string',
    label: 'Play animated images',
    choices: [
      { value: 'always', label: 'Always' },
      { value: 'on_hover', label: 'On hover' },
      { value: 'never', label: 'Never' },
    ],
    settings: 'yes',
    defaults: true,
    group: 'display',
    since: 275,
  },
  {
    name: 'web_stream_unreads_count_display_policy',
    type: 'integer',
    label: 'Show unread counts for',
    choices: [
      { value: 1, label: 'All channels' },
      { value: 2, label: 'Unmuted channels and topics' },
      { value: 3, label: 'No channels' },
    ],
    settings: 'yes',
    defaults: true,
    group: 'display',
    since: 210,
  },
  bool('hide_ai_features', 'Hide AI features', 'display', { since: 350 }),
  {
    name: 'timezone',
    type: 'string',
    label: 'Time zone',
    meaning: 'IANA identifier of profile time zone',
    settings: 'yes',
    defaults: false,
    group: 'display',
  },
  bool('enable_stream_desktop_notifications', 'Channel messages: desktop notifications', 'notifications'),
  bool('enable_stream_email_notifications', 'Channel messages: email notifications', 'notifications'),
  bool('enable_stream_push_notifications', 'Channel messages: mobile notifications', 'notifications'),
  bool('enable_stream_audible_notifications', 'Channel messages: audible notifications', 'notifications'),
  {
    name: 'notification_sound',
    type: 'string',
    label: 'Notification sound',
    meaning: 'sound name',
    settings: 'yes',
    defaults: true,
    group: 'notifications',
  },
  bool('enable_desktop_notifications', 'Desktop notifications for DMs and mentions', 'notifications', {
    meaning: 'DMs and mentions',
  }),
  bool('enable_sounds', 'Audible notifications for DMs and mentions', 'notifications'),
  {
    name: 'email_notifications_batching_period_seconds',
    type: 'integer',
    label: 'Delay before sending message notification emails (seconds)',
    meaning: 'seconds',
    settings: 'yes',
    defaults: true,
    group: 'notifications',
    since: 82,
  },
  bool('enable_offline_email_notifications', 'Email notifications when offline', 'notifications'),
  bool('enable_offline_push_notifications', 'Mobile notifications when offline', 'notifications'),
  bool('enable_online_push_notifications', 'Mobile notifications when online', 'notifications'),
  bool(
    'enable_followed_topic_desktop_notifications',
    'Followed topics: desktop notifications',
    'notifications',
    {
      since: 189,
    },
  ),
  bool('enable_followed_topic_email_notifications', 'Followed topics: email notifications', 'notifications', {
    since: 189,
  }),
  bool('enable_followed_topic_push_notifications', 'Followed topics: mobile notifications', 'notifications', {
    since: 189,
  }),
  bool(
    'enable_followed_topic_audible_notifications',
    'Followed topics: audible notifications',
    'notifications',
    {
      since: 189,
    },
  ),
  bool('enable_digest_emails', 'Send digest emails when I am away', 'notifications'),
  bool('enable_marketing_emails', 'Send me news about the service', 'notifications', { defaults: false }),
  bool('enable_login_emails', 'Send me an email when I log in', 'notifications', { defaults: false }),
  bool(
    'message_content_in_email_notifications',
    'Include message content in email notifications',
    'notifications',
    {
      settings: 'see 4.3',
    },
  ),
  bool(
    'pm_content_in_desktop_notifications',
    'Include content of DMs in desktop notifications',
    'notifications',
    {
      settings: 'see 4.3',
    },
  ),
  bool('wildcard_mentions_notify', 'Notify me of @all and @everyone mentions', 'notifications', {
    settings: 'see 4.3',
  }),
  bool(
    'enable_followed_topic_wildcard_mentions_notify',
    'Followed topics: notify me of wildcard mentions',
    'notifications',
    { settings: 'see 4.3', since: 189 },
  ),
  {
    name: 'desktop_icon_count_display',
    type: 'integer',
    label: 'Unread count badge',
    choices: [
      { value: 1, label: 'All unread messages' },
      { value: 2, label: 'DMs, mentions, and followed topics' },
      { value: 3, label: 'DMs and mentions' },
      { value: 4, label: 'None' },
    ],
    settings: 'see 4.3',
    defaults: true,
    group: 'notifications',
  },
  {
    name: 'realm_name_in_email_notifications_policy',
    type: 'integer',
    label: 'Include organization name in email subjects',
    choices: [
      { value: 1, label: 'Automatic' },
      { value: 2, label: 'Always' },
      { value: 3, label: 'Never' },
    ],
    settings: 'see 4.3',
    defaults: true,
    group: 'notifications',
    since: 168,
  },
  {
    name: 'automatically_follow_topics_policy',
    type: 'integer',
    label: 'Automatically follow topics',
    choices: policy1to4,
    settings: 'see 4.3',
    defaults: true,
    group: 'notifications',
    since: 214,
  },
  {
    name: 'automatically_unmute_topics_in_muted_streams_policy',
    type: 'integer',
    label: 'Automatically unmute topics in muted channels',
    choices: policy1to4,
    settings: 'see 4.3',
    defaults: true,
    group: 'notifications',
    since: 214,
  },
  bool(
    'automatically_follow_topics_where_mentioned',
    'Automatically follow topics where I am mentioned',
    'notifications',
    {
      settings: 'see 4.3',
      since: 235,
    },
  ),
  bool('presence_enabled', 'Let others see when I am online', 'privacy', { settings: 'see 4.3', since: 3 }),
  bool('enter_sends', 'Enter sends the message', 'display', { settings: 'see 4.3', since: 81 }),
  bool('send_private_typing_notifications', 'Let recipients see when I am typing a DM', 'privacy', {
    settings: 'see 4.3',
    since: 105,
  }),
  bool('send_stream_typing_notifications', 'Let others see when I am typing in a channel', 'privacy', {
    settings: 'see 4.3',
    since: 105,
  }),
  bool('send_read_receipts', 'Let others see when I have read messages', 'privacy', {
    settings: 'see 4.3',
    since: 105,
  }),
  {
    name: 'email_address_visibility',
    type: 'integer',
    label: 'Who can see my email address',
    choices: [
      { value: 1, label: 'Everyone' },
      { value: 2, label: 'Members only' },
      { value: 3, label: 'Administrators only' },
      { value: 4, label: 'Nobody' },
      { value: 5, label: 'Moderators only' },
    ],
    settings: 'see 4.3',
    defaults: true,
    group: 'privacy',
    since: 163,
  },
  bool('web_navigate_to_sent_message', 'Go to the conversation where I sent a message', 'display', {
    settings: 'see 4.3',
    since: 268,
  }),
];

export const settingsByName: ReadonlyMap<string, SettingEntry> = new Map(
  settingsTable.map((e) => [e.name, e]),
);

/** Whether PATCH /settings takes the setting (column S; `see 4.3` counts as yes). */
export function isUserSetting(entry: SettingEntry): boolean {
  return entry.settings !== 'no';
}

/** Whether PATCH /realm/user_settings_defaults takes the setting (column D). */
export function isRealmDefault(entry: SettingEntry): boolean {
  return entry.defaults;
}

/** Whether a server at `featureLevel` knows the setting. */
export function isAvailableAt(entry: SettingEntry, featureLevel: number): boolean {
  return (entry.since ?? 0) <= featureLevel;
}

/** The zod schema of one setting's value, from its type and allowed values. */
export function settingValueSchema(entry: SettingEntry): z.ZodType<boolean | number | string> {
  if (entry.type === 'boolean') return z.boolean();
  const base: z.ZodType<number | string> = entry.type === 'integer' ? z.number().int() : z.string();
  if (!entry.choices) return base;
  const allowed = new Set<number | string>(entry.choices.map((c) => c.value));
  return base.refine((v) => allowed.has(v), { message: `not an allowed value of ${entry.name}` });
}

/** A parameter shape for the settings that pass `include`. */
export function settingsShape(include: (entry: SettingEntry) => boolean) {
  const shape: Record<string, z.ZodOptional<z.ZodType<boolean | number | string>>> = {};
  for (const entry of settingsTable)
    if (include(entry)) shape[entry.name] = settingValueSchema(entry).optional();
  return shape;
}

/**
 * The choices to offer for a setting whose current value is `current`: the real service's spellings
 * when the server uses them (its current value is one), else the spec's. Spellings shared by both
 * (`text`) are in both lists.
 */
export function choicesFor(entry: SettingEntry, current: unknown): readonly SettingChoice[] | undefined {
  if (!entry.choices) return undefined;
  const real = entry.choices.some((c) => c.realSpelling && c.value === current);
  const renamed = new Set(
    entry.choices
      .filter((c) => !c.realSpelling && entry.choices!.some((r) => r.realSpelling && r.label === c.label))
      .map((c) => c.value),
  );
  return entry.choices.filter((c) => (real ? c.realSpelling || !renamed.has(c.value) : !c.realSpelling));
}

/** The label of a setting's current value, for summaries; the raw value when it has no label. */
export function choiceLabel(entry: SettingEntry, value: unknown): string {
  const choice = entry.choices?.find((c) => c.value === value);
  return choice ? choice.label : String(value);
}
