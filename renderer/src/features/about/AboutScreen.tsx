import { useState } from 'react';
import { isAuthMethodEnabled } from '../../../../shared/api/server-rules';
import type { ServerSettings } from '../../../../shared/api/server';
import { useApiQuery } from '../../api/queries';
import { appInfo } from '../../app/app-info';
import { useSession } from '../../app/session';
import { resolveServerUrl, SafeHtml } from '../../components/SafeHtml';
import { ErrorState, Loading } from '../../components/states';

/** Human names of the authentication methods (spec 4.21 lists the keys). */
export function enabledAuthMethods(settings: ServerSettings): string[] {
  const external = (settings.external_authentication_methods ?? []).map((m) => m.display_name);
  const builtIn = Object.entries(settings.authentication_methods ?? {})
    // Booleans, or the real service's `{ enabled, available }` objects (level 228 on).
    .filter(([, value]) => isAuthMethodEnabled(value))
    .map(([name]) => name)
    .filter((name) => name === 'password' || name === 'email' || name === 'ldap' || name === 'dev');
  const words: Record<string, string> = {
    password: 'Email and password',
    email: 'Email and password',
    ldap: 'LDAP',
    dev: 'Development login',
  };
  return [...new Set([...builtIn.map((n) => words[n] ?? n), ...external])];
}

/** Spec 4.21: the server's public settings, its version and feature level. */
export function AboutScreen() {
  const settings = useApiQuery('getServerSettings', {}, { staleTime: 0 });
  const session = useSession();
  const negotiated = session.data?.initialState.service_feature_level;
  if (settings.isPending)
    return (
      <div className="settings-page" data-testid="about-screen">
        <AboutApp />
        <Loading />
      </div>
    );
  if (settings.isError)
    return (
      <div className="settings-page" data-testid="about-screen">
        <AboutApp />
        <ErrorState error={settings.error} retry={() => void settings.refetch()} />
      </div>
    );
  const s = settings.data;
  const url = s.realm_url ?? s.realm_uri;
  const auth = enabledAuthMethods(s);
  return (
    <div className="settings-page" data-testid="about-screen">
      <AboutApp />
      <h2>About this organization</h2>
      <div className="realm-card">
        {s.realm_icon && <RealmIcon url={s.realm_icon} />}
        <div>
          <strong data-testid="about-realm-name">{s.realm_name ?? 'Unknown organization'}</strong>
          {url && <div className="muted small">{url}</div>}
          {s.realm_description && (
            <SafeHtml
              html={s.realm_description}
              className="realm-description rendered"
              testId="about-description"
            />
          )}
        </div>
      </div>
      <h3>Server</h3>
      <dl className="facts about-facts">
        <dt>Version</dt>
        <dd data-testid="about-version">{s.service_version ?? 'not reported'}</dd>
        <dt>Feature level</dt>
        <dd data-testid="about-feature-level">{s.service_feature_level ?? 0}</dd>
        {s.service_merge_base ? (
          <>
            <dt>Merge base</dt>
            <dd>{s.service_merge_base}</dd>
          </>
        ) : null}
        {negotiated !== undefined && negotiated !== s.service_feature_level && (
          <>
            <dt>Feature level of this session</dt>
            <dd>{negotiated}</dd>
          </>
        )}
        <dt>Push notifications</dt>
        <dd>{s.push_notifications_enabled ? 'enabled' : 'not enabled'}</dd>
        <dt>Sign-in methods</dt>
        <dd>{auth.length ? auth.join(', ') : 'not reported'}</dd>
        <dt>Web-public channels</dt>
        <dd>{s.realm_web_public_access_enabled ? 'available' : 'none'}</dd>
        {s.is_incompatible && (
          <>
            <dt>Compatibility</dt>
            <dd className="form-error">The server considers this app too old; some things may not work.</dd>
          </>
        )}
      </dl>
    </div>
  );
}

/** This app: its name and version, and the open-source licences of what it ships, as built. */
function AboutApp() {
  return (
    <section aria-label="This app" data-testid="about-app">
      <h2>
        <span data-testid="about-app-name">{appInfo.name}</span>{' '}
        <span className="muted" data-testid="about-app-version">
          {appInfo.version}
        </span>
      </h2>
      <details className="about-licenses">
        <summary>Open-source licences ({appInfo.licenses.length} packages)</summary>
        <table className="license-table" data-testid="about-licenses">
          <thead>
            <tr>
              <th scope="col">Package</th>
              <th scope="col">Version</th>
              <th scope="col">Licence</th>
            </tr>
          </thead>
          <tbody>
            {appInfo.licenses.map((l) => (
              <tr key={l.name} data-testid={`license-${l.name}`}>
                <td>{l.name}</td>
                <td>{l.version}</td>
                <td>{l.license}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

/** The organization's square logo; nothing when it cannot be loaded. */
function RealmIcon({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return <img src={resolveServerUrl(url)} alt="" width={48} height={48} onError={() => setFailed(true)} />;
}
