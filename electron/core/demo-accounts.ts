import type { DemoConfig, DemoUser } from './app-core';

/** A person as the reference server's credentials file lists them (server/README.md, `--credentials-out`). */
export interface CredentialsUser {
  email: string;
  api_key: string;
  full_name: string;
  role: number;
  is_bot?: boolean;
  /** Added with password sign-in; files written before it lack it. */
  password?: string;
}

export function demoUser(user: CredentialsUser): DemoUser {
  return {
    email: user.email,
    apiKey: user.api_key,
    fullName: user.full_name,
    role: user.role,
    ...(user.password ? { password: user.password } : {}),
  };
}

/** The demo accounts offered at sign-in: the server's people (a bot does not sign in to the app). */
export function demoConfigFrom(serverUrl: string, users: readonly CredentialsUser[]): DemoConfig {
  return { serverUrl, users: users.filter((user) => !user.is_bot).map(demoUser) };
}

/**
 * A demo file's server and people (other fields are dropped), as the web host program reads it:
 * the app's own form (`serverUrl`, users with `apiKey` and `fullName`) or the reference server's
 * credentials file as `--credentials-out` writes it (`url`, users with `api_key` and `full_name`;
 * bots left out). Checked by hand rather than with zod: the program reads it before it listens, and
 * zod belongs to the core's module graph, which it loads afterwards (electron/web-host.ts).
 */
export function parseDemoConfig(value: unknown): DemoConfig {
  const bad = (what: string) =>
    new Error(
      `Not a demo file: ${what} (expected the reference server's --credentials-out file, or { serverUrl, users: [{ email, apiKey, fullName, role }] })`,
    );
  if (typeof value !== 'object' || value === null) throw bad('not an object');
  const record = value as Record<string, unknown>;
  const credentialsFile = typeof record.serverUrl !== 'string' && typeof record.url === 'string';
  const serverUrl = credentialsFile ? record.url : record.serverUrl;
  const { users } = record;
  if (typeof serverUrl !== 'string') throw bad('serverUrl is not a string');
  if (!Array.isArray(users)) throw bad('users is not a list');
  const people = users.filter(
    (user: unknown) => !(credentialsFile && (user as { is_bot?: unknown })?.is_bot === true),
  );
  return {
    serverUrl,
    users: people.map((user: unknown, index) => {
      const fields = (user ?? {}) as Record<string, unknown>;
      const email = fields.email;
      const apiKey = credentialsFile ? fields.api_key : fields.apiKey;
      const fullName = credentialsFile ? fields.full_name : fields.fullName;
      const { role } = fields;
      if (
        typeof email !== 'string' ||
        typeof apiKey !== 'string' ||
        typeof fullName !== 'string' ||
        typeof role !== 'number'
      )
        throw bad(
          credentialsFile
            ? `users[${index}] needs email, api_key, full_name (strings) and role (a number)`
            : `users[${index}] needs email, apiKey, fullName (strings) and role (a number)`,
        );
      return { email, apiKey, fullName, role };
    }),
  };
}
