import type { ChatEvent } from './events';

// Without zod (only the event types): the renderer's reducers read setting changes through this, and
// importing events.ts would bring every event decoder into the page's first bundle.

/** One user-setting change, whichever of the three event forms carried it. */
export interface SettingChange {
  property: string;
  value: boolean | number | string | null;
  /** English name of the new language, for `default_language` only. */
  languageName?: string;
}

/**
 * Spec part 6: `user_settings` replaced `update_display_settings` and `update_global_notifications`
 * at level 89. Reducers read setting changes through this so both generations apply the same way.
 */
export function settingChangeOf(event: ChatEvent): SettingChange | null {
  if (event.kind !== 'known') return null;
  let change: SettingChange | null = null;
  if (event.type === 'user_settings')
    change = { property: event.property, value: event.value, languageName: event.language_name };
  else if (event.type === 'update_display_settings')
    change = { property: event.setting_name, value: event.setting, languageName: event.language_name };
  else if (event.type === 'update_global_notifications')
    change = { property: event.notification_name, value: event.setting };
  if (change && change.languageName === undefined) delete change.languageName;
  return change;
}
