import { buildApp } from './http/app';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './http/rate-limit';
import { DEFAULT_LOGIN_LIMITS, LoginThrottle, type LoginLimits } from './http/login-throttle';
import type { ServerContext, Timings } from './http/context';
import { EventQueueManager } from './events/manager';
import { Realm } from './realm/realm';
import { listedUsers } from './realm/users';
import { seed, type SeedName } from './seed';
import { allRoutes } from './routes';
import { registerFileServing } from './routes/uploads';
import { loadRealmFile, RealmFileWriter } from './storage/data-file';
import { startScheduledDelivery } from './timers/scheduled-delivery';

export type { Timings } from './http/context';
export { Realm } from './realm/realm';
export { DEFAULT_RATE_LIMITS, type RateLimits } from './http/rate-limit';
export { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './http/login-throttle';

export interface ServerOptions {
  /** 0 = any free port. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 'demo'. */
  seed?: SeedName;
  timings?: Partial<Timings>;
  /** Do not log internal errors to stderr. */
  quiet?: boolean;
  /** Per-user request budget and connection caps (defaults: DEFAULT_RATE_LIMITS). */
  limits?: Partial<RateLimits>;
  /** Failed password sign-ins allowed per username and per address (defaults: DEFAULT_LOGIN_LIMITS). */
  loginLimits?: Partial<LoginLimits>;
  /**
   * Keep the organization in this file (`--data`): loaded at start if it exists (then `seed` is not
   * used), otherwise seeded and written; every change is saved before its request is answered.
   */
  dataFile?: string;
  /** `max_file_upload_size_mib`: larger uploads are refused (default 25, as the real service). */
  maxFileUploadSizeMib?: number;
}

export interface CredentialsFile {
  url: string;
  realm_name: string;
  users: {
    user_id: number;
    email: string;
    api_key: string;
    full_name: string;
    role: number;
    is_bot: boolean;
    /** For POST /fetch_api_key; a bot signs in with its key only, so it has none. */
    password?: string;
  }[];
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:9991; the API is at url + '/api/v1'. */
  url: string;
  credentials: CredentialsFile;
  /** The live model, for tests. */
  realm: Realm;
  context: ServerContext;
  /** True when the organization was loaded from `dataFile` rather than seeded. */
  restored: boolean;
  /** Delivers the scheduled messages due by `realm.clock` now, as the server's timer does each second. */
  deliverScheduledMessages(): Promise<number>;
  close(): Promise<void>;
}

export const DEFAULT_TIMINGS: Timings = {
  heartbeatSeconds: 50,
  longpollTimeoutSeconds: 90,
  queueIdleTimeoutSeconds: 600,
  typingStartedWaitMs: 10000,
  typingStoppedWaitMs: 5000,
  typingStartedExpiryMs: 15000,
  scheduledDeliveryCheckMs: 1000,
};

export function credentialsOf(realm: Realm): CredentialsFile {
  return {
    url: realm.url,
    realm_name: realm.settings.name,
    users: listedUsers(realm).map((u) => ({
      user_id: u.user_id,
      email: u.email,
      api_key: u.api_key,
      full_name: u.full_name,
      role: u.role,
      is_bot: u.is_bot,
      ...(u.is_bot ? {} : { password: u.password }),
    })),
  };
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const timings: Timings = { ...DEFAULT_TIMINGS, ...options.timings };
  const saved = options.dataFile ? loadRealmFile(options.dataFile) : null;
  const realm = saved ?? new Realm();
  if (!saved) seed(realm, options.seed ?? 'demo');
  if (options.maxFileUploadSizeMib !== undefined) realm.maxFileUploadSizeMib = options.maxFileUploadSizeMib;
  const writer = options.dataFile ? new RealmFileWriter(realm, options.dataFile) : null;
  const events = new EventQueueManager(realm, timings);
  realm.events = events.sink;
  const context: ServerContext = {
    realm,
    events,
    timings,
    loginThrottle: new LoginThrottle({ ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits }),
  };
  if (writer) context.saveChanges = () => writer.save();
  const app = await buildApp(context, allRoutes, {
    quiet: options.quiet,
    limits: { ...DEFAULT_RATE_LIMITS, ...options.limits },
    extra: (instance) => registerFileServing(instance, context),
  });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  realm.url = `http://${urlHost}:${port}`;
  // A first start writes the file at once, so the keys handed out now survive a crash. Only once
  // listening: a second server started on the same file fails on the port before touching it.
  if (writer && !saved) await writer.save();
  const scheduledDelivery = startScheduledDelivery(context, timings.scheduledDeliveryCheckMs);
  return {
    url: realm.url,
    credentials: credentialsOf(realm),
    realm,
    context,
    restored: saved !== null,
    deliverScheduledMessages: () => scheduledDelivery.tick(),
    close: async () => {
      scheduledDelivery.stop();
      events.close();
      await app.close();
      await writer?.save();
    },
  };
}
