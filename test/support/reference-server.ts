import { startServer, type RunningServer, type ServerOptions, type Timings } from '../../server/index';

/** Starts the reference server (server/index.ts) for tests: demo seed, short timings, quiet. */

export type { RunningServer };
export type DemoCredentialsUser = RunningServer['credentials']['users'][number];

/**
 * Short timings for tests: a heartbeat every second keeps long polls short; the client's long-poll
 * timeout (from register) stays above it, as the spec requires.
 */
export const TEST_TIMINGS: Partial<Timings> = {
  heartbeatSeconds: 1,
  longpollTimeoutSeconds: 3,
  queueIdleTimeoutSeconds: 60,
};

export async function startReferenceServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({
    port: 0,
    seed: 'demo',
    quiet: true,
    ...options,
    timings: { ...TEST_TIMINGS, ...options.timings },
  });
}

/** Spec roles by name (the server's numeric values). */
export const ROLES = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const;
export type RoleName = keyof typeof ROLES;

export function pickUser(server: RunningServer, who: RoleName | string): DemoCredentialsUser {
  const users = server.credentials.users.filter((user) => !user.is_bot);
  const found =
    who in ROLES
      ? users.find((user) => user.role === ROLES[who as RoleName])
      : users.find((user) => user.email.toLowerCase() === who.toLowerCase());
  if (!found) throw new Error(`The demo organization has no ${who} user.`);
  return found;
}

/** Calls the server directly as a user, to check what it holds after the UI acted. */
export function serverApi(server: RunningServer, user: DemoCredentialsUser) {
  const auth = `Basic ${Buffer.from(`${user.email}:${user.api_key}`).toString('base64')}`;
  async function request(method: string, path: string, fields: Record<string, unknown> = {}) {
    const form = new URLSearchParams(
      Object.entries(fields).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    ).toString();
    const query = method === 'GET' || method === 'DELETE';
    const response = await fetch(`${server.url}/api/v1${path}${query && form ? `?${form}` : ''}`, {
      method,
      headers: {
        Authorization: auth,
        ...(query ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
      },
      body: query ? undefined : form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  return {
    get: (path: string, fields?: Record<string, unknown>) => request('GET', path, fields),
    post: (path: string, fields?: Record<string, unknown>) => request('POST', path, fields),
    patch: (path: string, fields?: Record<string, unknown>) => request('PATCH', path, fields),
    delete: (path: string, fields?: Record<string, unknown>) => request('DELETE', path, fields),
  };
}
