import { p, type Param } from '../http/params';
import { route } from '../http/route';
import {
  REALM_PLAIN_SETTINGS,
  updateRealmSettings,
  type RealmSettingKind,
} from '../realm/realm-settings-changes';
import { REALM_GROUP_SETTINGS } from '../realm/settings';
import { isRealmDefaultSetting, updateUserSettingsDefaults } from '../realm/user-settings-changes';
import { settingParams } from './settings';

function paramFor(kind: RealmSettingKind): Param<unknown> {
  switch (kind) {
    case 'string':
      return p.string();
    case 'bool':
      return p.bool();
    case 'int':
      return p.int();
    case 'intOrString':
      return p.intOrString();
    default:
      return p.oneOf(kind);
  }
}

const plainSettingParams = Object.fromEntries(
  Object.entries(REALM_PLAIN_SETTINGS).map(([name, kind]) => [name, paramFor(kind)]),
);

/** Group settings arrive as `{new, old}` objects, checked by the realm model. */
const groupSettingParams = Object.fromEntries(REALM_GROUP_SETTINGS.map((name) => [name, p.json((v) => v)]));

export const realmRoutes = [
  route({
    method: 'PATCH',
    path: '/realm',
    params: { ...plainSettingParams, ...groupSettingParams },
    handler: ({ realm, user }, params) => {
      updateRealmSettings(realm, user, params);
      return {};
    },
  }),

  route({
    method: 'PATCH',
    path: '/realm/user_settings_defaults',
    params: settingParams(isRealmDefaultSetting),
    handler: ({ realm, user }, params) => {
      updateUserSettingsDefaults(realm, user, params);
      return {};
    },
  }),
];
