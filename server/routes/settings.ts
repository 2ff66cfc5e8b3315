import { p, type Param, type ParamSchema } from '../http/params';
import { route } from '../http/route';
import { USER_SETTING_RULES } from '../realm/user-settings';
import { updateOwnSettings, type SettingName } from '../realm/user-settings-changes';

type SettingValue = boolean | number | string;

/** Parameter declarations for the preferences a settings endpoint accepts. */
export function settingParams(include: (name: SettingName) => boolean): ParamSchema {
  const out: Record<string, Param<SettingValue>> = {};
  for (const [name, rule] of Object.entries(USER_SETTING_RULES)) {
    if (!include(name as SettingName)) continue;
    out[name] = rule.type === 'bool' ? p.bool() : rule.type === 'int' ? p.int() : p.string();
  }
  return out;
}

const identityParams = {
  full_name: p.string(),
  email: p.string(),
  old_password: p.string(),
  new_password: p.string(),
};
const userSettingParams = settingParams(() => true);

/** PATCH /settings (4.3) and its deprecated aliases. */
function settingsRoute(path: string) {
  return route({
    method: 'PATCH',
    path,
    params: { ...identityParams, ...userSettingParams },
    handler: ({ realm, user }, params) => {
      updateOwnSettings(realm, user, {
        full_name: params.full_name,
        email: params.email,
        old_password: params.old_password,
        new_password: params.new_password,
        settings: params as Record<string, unknown>,
      });
      return {};
    },
  });
}

export const settingsRoutes = [
  settingsRoute('/settings'),
  settingsRoute('/settings/display'),
  settingsRoute('/settings/notifications'),
];
