import { settingChangeOf } from '../../../../shared/api/setting-change';
import { userSettingAfter } from '../../../../shared/register-state';
import { updateInitialState } from '../../api/keys';
import type { EventReducer } from '../types';

/** `user_settings` (and the two deprecated forms): one setting of the current user changed. */
export const userSettings: EventReducer<
  'user_settings' | 'update_display_settings' | 'update_global_notifications'
> = ({ queryClient }, event) => {
  const change = settingChangeOf(event);
  if (!change) return;
  updateInitialState(queryClient, (s) => userSettingAfter(s, change));
};

/** `realm_user_settings_defaults`: a default for new users changed. */
export const realmUserSettingsDefaults: EventReducer<'realm_user_settings_defaults'> = (
  { queryClient },
  event,
) => {
  updateInitialState(queryClient, (s) => ({
    ...s,
    realm_user_settings_defaults: { ...s.realm_user_settings_defaults, [event.property]: event.value },
  }));
};

/** `realm`: organization settings, stored under their register names (`realm_<property>`). */
export const realm: EventReducer<'realm'> = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => {
    if (event.op === 'update') return { ...s, [`realm_${event.property}`]: event.value };
    if (event.op === 'update_dict') {
      const next = { ...s };
      for (const [key, value] of Object.entries(event.data)) next[`realm_${key}`] = value;
      return next;
    }
    return s;
  });
};

/** `realm_linkifiers`: the whole list is replaced. */
export const realmLinkifiers: EventReducer<'realm_linkifiers'> = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => ({ ...s, realm_linkifiers: event.realm_linkifiers }));
};

/** `realm_emoji`: the custom emoji set is replaced. */
export const realmEmoji: EventReducer<'realm_emoji'> = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => ({ ...s, realm_emoji: event.realm_emoji }));
};
