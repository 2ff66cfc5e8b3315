import {
  isAvailableAt,
  settingsTable,
  type SettingEntry,
  type SettingGroup,
} from '../../../../shared/api/settings-table';
import type { InitialState } from '../../api/model';

/** How a preference is edited, from its type and allowed values (spec 4.6). */
export type ControlKind = 'toggle' | 'choice' | 'picker' | 'number' | 'text';

export function controlKind(entry: SettingEntry): ControlKind {
  if (entry.type === 'boolean') return 'toggle';
  if (entry.choices) return 'choice';
  if (entry.type === 'integer') return 'number';
  // Strings from a closed set the app can list: a picker, not a text field.
  if (PICKERS.has(entry.name)) return 'picker';
  return 'text';
}

const PICKERS = new Set(['timezone', 'default_language', 'notification_sound']);

/**
 * The hint under a setting's label, in words a person uses. The table keeps the spec's own wording
 * ("default true", "IANA identifier…"), which says nothing to someone changing a preference.
 */
const PLAIN_HINTS: Record<string, string | null> = {
  receives_typing_notifications: null,
  web_line_height_percent: '120 means lines 1.2 times as tall as the text.',
  enable_drafts_synchronization:
    'Turning this off deletes the drafts kept on the server; this computer keeps its own copies.',
  default_language: null,
  timezone: 'Others see your local time from this.',
  notification_sound: null,
  twenty_four_hour_time: null,
};

/** Hints about the person's own account, which say nothing true of a default for new users. */
const OWN_ACCOUNT_HINTS = new Set(['enable_drafts_synchronization', 'timezone']);

/** `forNewUsers`: the organization's default for new users (OrgDefaults), not the person's own. */
export function settingHint(entry: SettingEntry, forNewUsers = false): string | undefined {
  if (forNewUsers && OWN_ACCOUNT_HINTS.has(entry.name)) return undefined;
  if (entry.name in PLAIN_HINTS) return PLAIN_HINTS[entry.name] ?? undefined;
  // The table's meaning, unless the label already says it.
  return entry.meaning && !entry.label.toLowerCase().includes(entry.meaning.toLowerCase())
    ? entry.meaning
    : undefined;
}

export interface PickerOption {
  value: string;
  label: string;
}

/** A language as the service lists it in POST /register's `language_list` (when it does). */
export type ServerLanguage = NonNullable<InitialState['language_list']>[number];

function languageName(code: string): string {
  try {
    const english = new Intl.DisplayNames(['en'], { type: 'language' }).of(code);
    const native = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    if (!english || english === code) return code;
    return native && native !== english ? `${native} (${english})` : english;
  } catch {
    return code;
  }
}

function timeZoneLabel(zone: string, at: Date): string {
  let offset = '';
  try {
    offset =
      new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    // A zone this runtime cannot format: its name alone.
  }
  const name = zone.replace(/_/g, ' ');
  return offset ? `${name} (${offset})` : name;
}

/** What the server lists for the pickers: its languages and its notification sounds. */
export interface ServerLists {
  languages?: readonly ServerLanguage[];
  sounds?: readonly string[];
}

/**
 * The choices of a picker setting: time zones this runtime knows, the server's notification sounds
 * (and none), or the languages the server lists (else a built-in list of codes), each with a
 * readable name. The current value is always offered, so a value the app does not know is never
 * silently replaced.
 */
export function pickerOptions(
  entry: SettingEntry,
  current: string,
  lists: ServerLists,
  now = new Date(),
): PickerOption[] {
  let options: PickerOption[];
  if (entry.name === 'notification_sound') {
    options = ['none', ...(lists.sounds ?? [])].map((sound) => ({
      value: sound,
      label: sound.charAt(0).toUpperCase() + sound.slice(1),
    }));
  } else if (entry.name === 'timezone') {
    options = [
      { value: '', label: 'Not set' },
      ...timeZones().map((zone) => ({ value: zone, label: timeZoneLabel(zone, now) })),
    ];
  } else {
    const serverLanguages = lists.languages;
    const languages = serverLanguages?.length
      ? serverLanguages.map((l) => ({ value: l.code, label: l.name || languageName(l.code) }))
      : COMMON_LANGUAGES.map((code) => ({ value: code, label: languageName(code) }));
    options = languages.sort((a, b) => a.label.localeCompare(b.label));
  }
  if (!options.some((o) => o.value === current))
    options.unshift({ value: current, label: current || 'Not set' });
  return options;
}

export const GROUP_TITLES: Record<SettingGroup, string> = {
  display: 'Display and behaviour',
  notifications: 'Notifications',
  privacy: 'Privacy',
};
export const GROUP_ORDER: readonly SettingGroup[] = ['display', 'notifications', 'privacy'];

/** The table's entries that `include` accepts and the server knows, by group in the table's order. */
export function groupedSettings(
  include: (entry: SettingEntry) => boolean,
  featureLevel: number,
): { group: SettingGroup; entries: SettingEntry[] }[] {
  return GROUP_ORDER.map((group) => ({
    group,
    entries: settingsTable.filter((e) => e.group === group && include(e) && isAvailableAt(e, featureLevel)),
  })).filter((g) => g.entries.length > 0);
}

/**
 * Parses what a person typed into a number field: a whole number, or null (with nothing sent)
 * when it is not one.
 */
export function parseInteger(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) ? n : null;
}

/** A select's string value back to the setting's type. */
export function choiceValue(entry: SettingEntry, raw: string): number | string {
  return entry.type === 'integer' ? Number(raw) : raw;
}

/** Time zones this runtime knows (IANA names), for the profile time zone. */
export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

/** Language codes offered for `default_language`; the server is the judge of which it has. */
export const COMMON_LANGUAGES = [
  'en',
  'de',
  'es',
  'fr',
  'it',
  'ja',
  'ko',
  'nl',
  'pl',
  'pt',
  'ru',
  'uk',
  'zh-hans',
];
