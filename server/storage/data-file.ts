import { constants } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { Realm } from '../realm/realm';
import { fillChannelDefaults } from '../realm/channels';

/**
 * The `--data FILE` of the reference server: the whole organization (users and their API keys,
 * channels, messages, flags, settings, uploads…) in one file, so a restarted server carries on
 * where it stopped.
 *
 * Format: V8's structured serialization (`node:v8`), which keeps Maps, Sets, Buffers and shared
 * references as they are in memory (seeds share arrays between messages), wrapped in a small header.
 * It is binary and private to this server: read it with this module only.
 *
 * Guarantee: every change an API request makes is in the file (written to a temporary file, fsynced,
 * renamed over the old one) before that request's answer is sent. A crash or `kill -9` can lose only
 * requests that had not been answered yet; the file is always either the old or the new state,
 * never half of one. Requests arriving while a write is under way share the next write.
 */

const FORMAT = 'teamchat-reference-server-data';
const VERSION = 1;

/**
 * Realm fields that are wiring, not state. `url` is where this run listens and the upload limit
 * comes from the command line, both set at start.
 */
const NOT_SAVED = new Set(['events', 'clock', 'url', 'maxFileUploadSizeMib']);

interface DataFileContents {
  format: typeof FORMAT;
  version: number;
  savedAt: string;
  realm: Record<string, unknown>;
}

export class DataFileError extends Error {}

function realmState(realm: Realm): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(realm).filter(([key, value]) => !NOT_SAVED.has(key) && typeof value !== 'function'),
  );
}

export function encodeRealm(realm: Realm, savedAt = new Date()): Buffer {
  const contents: DataFileContents = {
    format: FORMAT,
    version: VERSION,
    savedAt: savedAt.toISOString(),
    realm: realmState(realm),
  };
  return serialize(contents);
}

/** A realm holding the state of an encoded file; throws DataFileError for anything else. */
export function decodeRealm(bytes: Buffer, source: string): Realm {
  let contents: Partial<DataFileContents>;
  try {
    contents = deserialize(bytes) as Partial<DataFileContents>;
  } catch {
    throw new DataFileError(`${source} is not a data file of this server.`);
  }
  if (contents?.format !== FORMAT || typeof contents.realm !== 'object' || contents.realm === null)
    throw new DataFileError(`${source} is not a data file of this server.`);
  if (contents.version !== VERSION)
    throw new DataFileError(`${source} has data format ${contents.version}; this server reads ${VERSION}.`);
  const realm = new Realm();
  const known = new Set(Object.keys(realmState(realm)));
  for (const [key, value] of Object.entries(contents.realm)) {
    if (known.has(key)) (realm as unknown as Record<string, unknown>)[key] = value;
  }
  for (const channel of realm.channels.values()) fillChannelDefaults(channel);
  // Rendered messages were cached against the old run's address; render them again on demand.
  realm.renderEpoch += 1;
  return realm;
}

/** The realm saved in `path`, or null when there is no such file (a first start). */
export function loadRealmFile(path: string): Realm | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new DataFileError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  return decodeRealm(bytes, path);
}

/** Write `bytes` to `path` so that a crash leaves either the old file or the new one. */
export async function writeFileAtomically(path: string, bytes: Buffer): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const file = await open(temporary, 'w', 0o600);
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  // The rename itself is durable once the folder is synced.
  const folder = await open(dirname(path), constants.O_RDONLY).catch(() => null);
  await folder?.sync().catch(() => undefined);
  await folder?.close();
}

/**
 * Saves a realm to its data file on request. `save()` resolves once a write that began after the
 * call has finished, so whatever changed before the call is on disk; calls made during a write
 * are served together by the next one.
 */
export class RealmFileWriter {
  private inFlight: Promise<void> = Promise.resolve();
  private next: Promise<void> | null = null;
  /** Writes done, for tests and logs. */
  writes = 0;

  constructor(
    private readonly realm: Realm,
    readonly path: string,
  ) {}

  save(): Promise<void> {
    this.next ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        // Encoded now, so the state written includes every change made before this point.
        const write = writeFileAtomically(this.path, encodeRealm(this.realm)).then(() => {
          this.writes += 1;
        });
        this.inFlight = write;
        return write;
      });
    return this.next;
  }
}
