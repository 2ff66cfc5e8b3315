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
