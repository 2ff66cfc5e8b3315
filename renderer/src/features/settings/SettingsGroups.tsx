import { useMemo } from 'react';
import type { SettingEntry } from '../../../../shared/api/settings-table';
import { useInitialState } from '../../app/session';
import { GROUP_TITLES, groupedSettings } from './setting-controls';
import { SettingControl } from './SettingControl';
import type { SettingsEditor } from './useSettingsEditor';

/** Every preference `include` accepts, grouped as the service groups them (display, notifications, privacy). */
export function SettingsGroups({
  editor,
  include,
  testPrefix,
  forNewUsers = false,
}: {
  editor: SettingsEditor;
  include: (entry: SettingEntry) => boolean;
  testPrefix: string;
  /** The organization's defaults for new users: hints about one's own account are left out. */
  forNewUsers?: boolean;
}) {
  const featureLevel = useInitialState((s) => s.service_feature_level) ?? 0;
  // In `user_settings` for clients that ask for it as an object (as this one does), at the top
  // level before that (the real service's feature level 89).
  const sounds = useInitialState((s) => {
    const nested = s.user_settings?.available_notification_sounds;
    return Array.isArray(nested) ? (nested as string[]) : s.available_notification_sounds;
  });
  const languages = useInitialState((s) => s.language_list);
  const lists = useMemo(() => ({ languages, sounds }), [languages, sounds]);
  const groups = groupedSettings(include, featureLevel);
  return (
    <>
      {groups.map(({ group, entries }) => (
        <section key={group} className="settings-group" aria-labelledby={`${testPrefix}-group-${group}`}>
          <h3 id={`${testPrefix}-group-${group}`}>{GROUP_TITLES[group]}</h3>
          {entries.map((entry) => (
            <SettingControl
              key={entry.name}
              entry={entry}
              testPrefix={testPrefix}
              forNewUsers={forNewUsers}
              value={entry.name in editor.pending ? editor.pending[entry.name] : editor.values?.[entry.name]}
              pending={entry.name in editor.pending}
              saved={editor.saved.has(entry.name)}
              error={editor.errors[entry.name]}
              lists={lists}
              onChange={(value) => editor.change(entry.name, value)}
            />
          ))}
        </section>
      ))}
    </>
  );
}
