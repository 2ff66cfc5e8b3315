import { updateInitialState } from '../../api/keys';
import type { EventReducer } from '../types';

/** `user_settings` (and the two deprecated forms): one setting of the current user changed. */
export const userSettings: EventReducer = ({ queryClient }, event) => {
  const property = (event.property ?? event.setting_name ?? event.notification_name) as string | undefined;
  if (!property) return;
  const value = event.value ?? event.setting;
  updateInitialState(queryClient, (s) => ({
    ...s,
    user_settings: { ...s.user_settings, [property]: value },
  }));
};

/** `realm_user_settings_defaults`: a default for new users changed. */
export const realmUserSettingsDefaults: EventReducer = ({ queryClient }, event) => {
  if (event.op !== 'update' || typeof event.property !== 'string') return;
  const property = event.property;
  updateInitialState(queryClient, (s) => ({
    ...s,
    realm_user_settings_defaults: { ...s.realm_user_settings_defaults, [property]: event.value },
  }));
};

/** `realm`: organization settings, stored under their register names (`realm_<property>`). */
export const realm: EventReducer = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => {
    if (event.op === 'update' && typeof event.property === 'string')
      return { ...s, [`realm_${event.property}`]: event.value };
    if (event.op === 'update_dict' && event.data && typeof event.data === 'object') {
      const next: Record<string, unknown> = { ...s };
      for (const [key, value] of Object.entries(event.data as Record<string, unknown>))
        next[`realm_${key}`] = value;
      return next as typeof s;
    }
    return s;
  });
};

/** `realm_linkifiers`: the whole list is replaced. */
export const realmLinkifiers: EventReducer = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => ({
    ...s,
    realm_linkifiers: (event.realm_linkifiers as unknown[]) ?? [],
  }));
};

/** `realm_emoji`: the custom emoji set is replaced. */
export const realmEmoji: EventReducer = ({ queryClient }, event) => {
  if (!event.realm_emoji) return;
  updateInitialState(queryClient, (s) => ({
    ...s,
    realm_emoji: event.realm_emoji as NonNullable<typeof s.realm_emoji>,
  }));
};
