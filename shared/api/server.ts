import { z } from 'zod';
import { lazy, type Infer } from './lazy';
import { defineEndpoint, successResponse } from './endpoint';
import { acceptingRealFieldNames } from './spellings';

/** An authentication method's entry: a boolean, or `{ enabled, available, unavailable_reason }`. */
const authMethodValue = lazy(() => z.union([z.boolean(), z.looseObject({ enabled: z.boolean() })]));
export type AuthMethodValue = Infer<typeof authMethodValue>;

export { featureLevelOf, isAuthMethodEnabled, offersPasswordSignIn } from './server-rules';

/**
 * Spec 4.21. Every field may be absent on older servers or on a multi-organization root domain.
 * A real deployment's `zulip_*` version fields are read as the spec's `service_*` ones.
 */
export const serverSettingsSchema = lazy(() =>
  acceptingRealFieldNames(
    successResponse({
      /** Booleans in the spec (4.21); the real service's newer object form is read too. */
      authentication_methods: z.record(z.string(), authMethodValue()).optional(),
      external_authentication_methods: z
        .array(
          z.looseObject({
            name: z.string(),
            display_name: z.string(),
            display_icon: z.string().nullable(),
            login_url: z.string(),
            signup_url: z.string(),
          }),
        )
        .optional(),
      service_feature_level: z.number().int().optional(),
      service_version: z.string().optional(),
      service_merge_base: z.string().optional(),
      push_notifications_enabled: z.boolean().optional(),
      is_incompatible: z.boolean().optional(),
      email_auth_enabled: z.boolean().optional(),
      require_email_format_usernames: z.boolean().optional(),
      realm_uri: z.string().optional(),
      realm_url: z.string().optional(),
      realm_name: z.string().optional(),
      realm_icon: z.string().optional(),
      realm_description: z.string().optional(),
      realm_web_public_access_enabled: z.boolean().optional(),
    }),
  ),
);
export type ServerSettings = Infer<typeof serverSettingsSchema>;

export const getServerSettings = defineEndpoint({
  name: 'getServerSettings',
  method: 'GET',
  path: '/server_settings',
  authenticated: false,
  params: () => z.object({}),
  response: serverSettingsSchema,
});
