import { route } from '../http/route';
import { renderMarkdown } from '../render/markdown';
import { SERVICE_FEATURE_LEVEL, SERVICE_MERGE_BASE, SERVICE_VERSION } from '../version';

/** GET /server_settings (4.21): public, no authentication. */
export const serverSettingsRoutes = [
  route({
    method: 'GET',
    path: '/server_settings',
    auth: false,
    params: {},
    handler: ({ realm }) => {
      const s = realm.settings;
      return {
        authentication_methods: {
          password: true,
          dev: false,
          email: true,
          ldap: false,
          remoteuser: false,
          saml: false,
          'openid connect': false,
          github: false,
          gitlab: false,
          apple: false,
          google: false,
          azuread: false,
        },
        external_authentication_methods: [],
        service_feature_level: SERVICE_FEATURE_LEVEL,
        service_version: SERVICE_VERSION,
        service_merge_base: SERVICE_MERGE_BASE,
        push_notifications_enabled: false,
        is_incompatible: false,
        email_auth_enabled: true,
        require_email_format_usernames: true,
        realm_uri: realm.url,
        realm_url: realm.url,
        realm_name: s.name,
        realm_icon: s.icon_url,
        realm_description: renderMarkdown(realm, s.description).html,
        realm_web_public_access_enabled:
          realm.server.webPublicStreamsEnabled &&
          s.enable_spectator_access &&
          [...realm.channels.values()].some((c) => c.is_web_public && !c.is_archived),
      };
    },
  }),
];
