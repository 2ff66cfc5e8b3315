import { isRealmDefault } from '../../../../shared/api/settings-table';
import { useIsAdmin } from '../../app/realm';
import { SettingsGroups } from '../settings/SettingsGroups';
import { useSettingsEditor } from '../settings/useSettingsEditor';

/**
 * Spec 4.6: the defaults new users start with (column D), for administrators. Existing users keep
 * their own settings. Someone else who reaches this page (by its address) sees them read-only, as
 * the other administrators' screens show theirs, rather than controls the server would refuse.
 */
export function OrgDefaults() {
  const isAdmin = useIsAdmin();
  const editor = useSettingsEditor('orgDefaults');
  return (
    <div className="settings-page" data-testid="org-defaults">
      <h2>Default settings for new users</h2>
      <p className="muted small">
        These apply to accounts created from now on; people who already have an account keep their own
        settings.
      </p>
      {!isAdmin && (
        <p className="notice" role="note" data-testid="org-defaults-not-admin">
          Only organization administrators can change these defaults.
        </p>
      )}
      <fieldset className="settings-fields" disabled={!isAdmin}>
        <SettingsGroups editor={editor} include={isRealmDefault} testPrefix="default" forNewUsers />
      </fieldset>
    </div>
  );
}
