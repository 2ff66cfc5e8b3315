import {
  isAvailableAt,
  settingsTable,
  type SettingEntry,
  type SettingGroup,
} from '../../../../shared/api/settings-table';

/** How a preference is edited, from its type and allowed values (spec 4.6). */
export type ControlKind = 'toggle' | 'choice' | 'number' | 'text' | 'suggest';

export function controlKind(entry: SettingEntry): ControlKind {
  if (entry.type === 'boolean') return 'toggle';
  if (entry.choices) return 'choice';
  if (entry.type === 'integer') return 'number';
  // Free strings with a known set of likely values (time zones, languages, sounds).
  return entry.name === 'timezone' || entry.name === 'default_language' || entry.name === 'notification_sound'
    ? 'suggest'
    : 'text';
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
export const COMMON_LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'ru', 'zh-hans'];
