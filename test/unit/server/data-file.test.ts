import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../server/index';
import { Realm } from '../../../server/realm/realm';
import { seed } from '../../../server/seed';
import {
  DataFileError,
  decodeRealm,
  encodeRealm,
  loadRealmFile,
  RealmFileWriter,
} from '../../../server/storage/data-file';
import { Client, sendToChannel } from './helpers';

// `--data FILE`: what is saved, when, and what a restarted server gives back.

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'server-data-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function demoRealm(): Realm {
  const realm = new Realm();
  seed(realm, 'demo');
  return realm;
}

describe('encoding a realm', () => {
  it('gives back the same state: maps, sets, files, shared arrays and the id counters', () => {
    const realm = demoRealm();
    const attachment = {
      id: 99,
      name: 'notes.txt',
      path_id: '1/0063/notes.txt',
      size: 5,
      create_time: 1,
      owner_id: 1,
      message_ids: new Set([1, 2]),
      content_type: 'text/plain',
      data: Buffer.from('hello'),
    };
    realm.attachments.set(99, attachment);
    const back = decodeRealm(encodeRealm(realm), 'test');

    expect([...back.users.values()].map((u) => [u.email, u.api_key])).toEqual(
      [...realm.users.values()].map((u) => [u.email, u.api_key]),
    );
    expect(back.messages.length).toBe(realm.messages.length);
    expect(back.messagesById.get(realm.messages[0]!.id)).toBe(back.messages[0]);
    const general = [...back.channels.values()].find((c) => c.name === 'general')!;
    expect(general.subscriptions).toBeInstanceOf(Map);
    expect(back.attachments.get(99)?.message_ids).toEqual(new Set([1, 2]));
    expect(Buffer.from(back.attachments.get(99)!.data!).toString()).toBe('hello');
    expect(back.settings).toEqual(realm.settings);
    // New ids continue after the saved ones.
    expect(back.nextId('message')).toBe(realm.nextId('message'));
    // Wiring is not state: the restored realm has its own.
    expect(back.url).toBe(new Realm().url);
  });

  it('refuses anything that is not one of its files, with the file named', () => {
    expect(() => decodeRealm(Buffer.from('{"users": []}'), '/tmp/x.json')).toThrow(DataFileError);
    expect(() => decodeRealm(Buffer.from('{"users": []}'), '/tmp/x.json')).toThrow(/\/tmp\/x\.json/);
    const path = join(dir, 'not-ours.data');
    writeFileSync(path, 'plain text');
    expect(() => loadRealmFile(path)).toThrow(/not a data file of this server/);
  });

  it('a missing file means a first start', () => {
    expect(loadRealmFile(join(dir, 'nothing-here.data'))).toBeNull();
  });
});

describe('saving', () => {
  it('writes atomically: a private file, no temporary left behind', async () => {
    const sub = mkdtempSync(join(dir, 'atomic-'));
    const path = join(sub, 'org.data');
    const writer = new RealmFileWriter(demoRealm(), path);
    await writer.save();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(sub)).toEqual(['org.data']);
    expect(loadRealmFile(path)?.users.size).toBeGreaterThan(5);
  });

  it('requests made during a write share the next one, and each sees its change on disk', async () => {
    const realm = demoRealm();
    const path = join(dir, 'group.data');
    const writer = new RealmFileWriter(realm, path);
    const saves: Promise<void>[] = [];
    for (let i = 0; i < 10; i++) {
      realm.settings.name = `Name ${i}`;
      saves.push(writer.save());
    }
    await Promise.all(saves);
    expect(writer.writes).toBeLessThanOrEqual(2);
    expect(loadRealmFile(path)?.settings.name).toBe('Name 9');
  });
});

describe('startServer({ dataFile })', () => {
  it('has a change on disk before the request is answered, and a restart carries on from it', async () => {
    const path = join(dir, 'server.data');
    const first = await startServer({ port: 0, quiet: true, dataFile: path });
    expect(first.restored).toBe(false);
    expect(existsSync(path)).toBe(true);
    const ada = first.credentials.users.find((u) => u.email === 'ada@northwind.example')!;
    const client = new Client(first, ada.email, ada.api_key);
    const id = await sendToChannel(client, 'general', 'persistence', 'saved before the answer');

    // Read the file while the server still runs: the acknowledged message is already there.
    const onDisk = loadRealmFile(path)!;
    expect(onDisk.messagesById.get(id)?.content).toBe('saved before the answer');
    await first.close();

    const second = await startServer({ port: 0, quiet: true, dataFile: path, seed: 'empty' });
    try {
      expect(second.restored).toBe(true);
      // Same people, same keys: a saved account still signs in.
      expect(second.credentials.users.map((u) => [u.email, u.api_key])).toEqual(
        first.credentials.users.map((u) => [u.email, u.api_key]),
      );
      const again = new Client(second, ada.email, ada.api_key);
      const body = await again.ok('GET', `/messages/${id}`);
      expect((body.message as { content: string }).content).toContain('saved before the answer');
      const next = await sendToChannel(again, 'general', 'persistence', 'after the restart');
      expect(next).toBeGreaterThan(id);
    } finally {
      await second.close();
    }
  });

  it('a scheduled message delivered by the timer, outside any request, is on disk once delivered', async () => {
    const path = join(dir, 'scheduled.data');
    const server = await startServer({ port: 0, quiet: true, dataFile: path });
    try {
      const ada = server.credentials.users.find((u) => u.email === 'ada@northwind.example')!;
      const client = new Client(server, ada.email, ada.api_key);
      const general = [...server.realm.channels.values()].find((c) => c.name === 'general')!;
      const { scheduled_message_id: id } = await client.ok('POST', '/scheduled_messages', {
        type: 'stream',
        to: general.stream_id,
        topic: 'persistence',
        content: 'sent by the timer',
        scheduled_delivery_timestamp: server.realm.now() + 60,
      });
      expect(loadRealmFile(path)!.scheduledMessages.has(id as number)).toBe(true);
      const later = Date.now() + 61_000;
      server.realm.clock = () => later;
      expect(await server.deliverScheduledMessages()).toBe(1);
      const onDisk = loadRealmFile(path)!;
      expect(onDisk.scheduledMessages.size).toBe(0);
      expect(onDisk.messages.at(-1)?.content).toBe('sent by the timer');
    } finally {
      await server.close();
    }
  });

  it('reading requests do not write the file', async () => {
    const path = join(dir, 'reads.data');
    const server = await startServer({ port: 0, quiet: true, dataFile: path });
    try {
      const ada = server.credentials.users[0]!;
      const client = new Client(server, ada.email, ada.api_key);
      const before = statSync(path).mtimeMs;
      await client.register();
      await client.ok('GET', '/streams');
      await client.ok('POST', '/typing', { op: 'start', to: [ada.user_id] });
      expect(statSync(path).mtimeMs).toBe(before);
    } finally {
      await server.close();
    }
  });
});

describe('npm run server -- --data FILE', () => {
  function startCli(path: string): Promise<{ child: ChildProcess; url: string }> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--quiet', '--data', path],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 15000);
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve({ child, url: m[1]! });
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
  }

  const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

  it('keeps every answered change through a kill -9', async () => {
    const path = join(dir, 'killed.data');
    const first = await startCli(path);
    const users = loadRealmFile(path)!;
    const ada = [...users.users.values()].find((u) => u.email === 'ada@northwind.example')!;
    const call = (url: string, method: string, path: string, params: Record<string, string>) =>
      fetch(`${url}/api/v1${path}`, {
        method,
        headers: {
          authorization: 'Basic ' + Buffer.from(`${ada.email}:${ada.api_key}`).toString('base64'),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(params).toString(),
      }).then((r) => r.json() as Promise<Record<string, unknown>>);

    const sent = await call(first.url, 'POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'kill test',
      content: 'answered, then killed',
    });
    expect(sent.result).toBe('success');
    const gone = exited(first.child);
    first.child.kill('SIGKILL');
    await gone;

    const second = await startCli(path);
    try {
      const got = await fetch(`${second.url}/api/v1/messages/${sent.id as number}`, {
        headers: {
          authorization: 'Basic ' + Buffer.from(`${ada.email}:${ada.api_key}`).toString('base64'),
        },
      }).then((r) => r.json() as Promise<{ result: string; message: { content: string } }>);
      expect(got.result).toBe('success');
      expect(got.message.content).toContain('answered, then killed');
    } finally {
      const done = exited(second.child);
      second.child.kill('SIGTERM');
      await done;
    }
  });

  it('says in one line when the file is not its own', async () => {
    const path = join(dir, 'foreign.data');
    writeFileSync(path, readFileSync(join(process.cwd(), 'package.json')));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--data', path],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err.trim().split('\n')).toEqual([`${path} is not a data file of this server.`]);
  });
});
