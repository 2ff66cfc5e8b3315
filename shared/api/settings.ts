import { z } from 'zod';
import { lazy, type Infer } from './lazy';
import { FeatureLevel, renameKey, requireLevel } from './compat';
import {
  defineEndpoint,
  emptySuccess,
  successResponse,
  UnsupportedFeatureError,
  type WireContext,
} from './endpoint';
import { reactionTypeSchema, userStatusSchema } from './resources';
import { extraEmojiByName } from './spellings';
import {
  isRealmDefault,
  isUserSetting,
  settingsByName,
  settingsShape,
  settingsTable,
} from './settings-table';

const int = lazy(() => z.number().int());
/** Settings this client does not know yet still pass, as plain values (the server reports them). */
const unknownSettingValue = lazy(() => z.union([z.boolean(), z.number(), z.string()]));

/** Spec 4.3 identity and credential parameters. */
const identityShape = lazy(() => ({
  full_name: z.string().optional(),
  email: z.string().optional(),
  old_password: z.string().optional(),
  new_password: z.string().optional(),
}));

export const updateSettingsParamsSchema = lazy(() =>
  z.object({ ...identityShape(), ...settingsShape(isUserSetting) }).catchall(unknownSettingValue()),
);
export type UpdateSettingsParams = Infer<typeof updateSettingsParamsSchema>;

/** Renames settings to the names a server older than their rename knows. */
function legacySettingNames(params: Record<string, unknown>, ctx: WireContext): Record<string, unknown> {
  let out = { ...params };
  for (const entry of settingsTable)
    if (entry.legacyName && ctx.featureLevel < entry.legacyName.until)
      out = renameKey(out, entry.name, entry.legacyName.name);
  return out;
}

// Strings these servers still parsed as JSON text (levels 63 and 64 removed the extra encoding).
const jsonStringsBefore63 = ['notification_sound', 'default_language'];
const jsonStringsBefore64 = ['default_view', 'emojiset', 'timezone'];

function legacyJsonStrings(params: Record<string, unknown>, ctx: WireContext): Record<string, unknown> {
  const out = { ...params };
  const encode = (names: string[]) => {
    for (const name of names) if (typeof out[name] === 'string') out[name] = JSON.stringify(out[name]);
  };
  if (ctx.featureLevel < FeatureLevel.plainStringSettings63) encode(jsonStringsBefore63);
  if (ctx.featureLevel < FeatureLevel.plainStringSettings64) encode(jsonStringsBefore64);
  return out;
}

type LegacySettingsPath = '/settings' | '/settings/display' | '/settings/notifications';

function legacyPathOf(name: string): LegacySettingsPath {
  if (Object.hasOwn(identityShape(), name)) return '/settings';
  const entry = settingsByName.get(name);
  return entry?.group === 'display' ? '/settings/display' : '/settings/notifications';
}

/**
 * Before level 80 the settings were split over three endpoints; one call can only go to one of
 * them, so a call mixing display, notification and identity settings cannot be sent there.
 */
function legacySettingsRoute(params: Record<string, unknown>) {
  const paths = new Set(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => legacyPathOf(k)),
  );
  if (paths.size > 1)
    throw new UnsupportedFeatureError(
      'updateSettings',
      FeatureLevel.mergedSettings,
      'changing display, notification and account settings in one call',
    );
  const [path] = paths;
  return { method: 'PATCH' as const, path: path ?? '/settings' };
}

/** 4.3 PATCH /settings. */
export const updateSettings = defineEndpoint({
  name: 'updateSettings',
  method: 'PATCH',
  path: '/settings',
  params: updateSettingsParamsSchema,
  // Older servers listed the changed keys here; now they come back as ignored_parameters_unsupported.
  response: emptySuccess,
  route: (params, ctx) =>
    ctx.featureLevel < FeatureLevel.mergedSettings ? legacySettingsRoute(params) : undefined,
  adapt: (params, ctx) => legacyJsonStrings(legacySettingNames(params, ctx), ctx),
});

export const updateRealmUserSettingsDefaultsParamsSchema = lazy(() =>
  z.object(settingsShape(isRealmDefault)).catchall(unknownSettingValue()),
);

/** 4.6 PATCH /realm/user_settings_defaults (administrators only). */
export const updateRealmUserSettingsDefaults = defineEndpoint({
  name: 'updateRealmUserSettingsDefaults',
  method: 'PATCH',
  path: '/realm/user_settings_defaults',
  params: updateRealmUserSettingsDefaultsParamsSchema,
  response: emptySuccess,
  adapt: (params, ctx) => {
    requireLevel(
      ctx,
      FeatureLevel.realmUserSettingsDefaults,
      'updateRealmUserSettingsDefaults',
      'this endpoint',
    );
    return legacySettingNames(params, ctx);
  },
});

// ---- Status -----------------------------------------------------------------------------------

export const updateStatusParamsSchema = lazy(() =>
  z.object({
    /** Empty clears the status; the server enforces the 60-character limit (spec part 8). */
    status_text: z.string().optional(),
    emoji_name: z.string().optional(),
    emoji_code: z.string().optional(),
    reaction_type: reactionTypeSchema().optional(),
    /** Deprecated: the negation of `presence_enabled`. */
    away: z.boolean().optional(),
  }),
);
export type UpdateStatusParams = Infer<typeof updateStatusParamsSchema>;

/** 4.11 POST /users/me/status. Only the parameters passed change. */
export const updateStatus = defineEndpoint({
  name: 'updateStatus',
  method: 'POST',
  path: '/users/me/status',
  params: updateStatusParamsSchema,
  response: emptySuccess,
  adapt: extraEmojiByName,
});

/** GET /users/{user_id}/status (public API, level 262). */
export const getUserStatus = defineEndpoint({
  name: 'getUserStatus',
  method: 'GET',
  path: '/users/{user_id}/status',
  params: () => z.object({ user_id: int() }),
  response: () => successResponse({ status: userStatusSchema() }),
  adapt: (params, ctx) => {
    requireLevel(ctx, FeatureLevel.getUserStatus, 'getUserStatus', 'this endpoint');
    return { ...params };
  },
});
