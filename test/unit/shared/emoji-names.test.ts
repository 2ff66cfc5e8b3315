import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../shared/api';
import { HttpClient } from '../../../electron/core/http-client';
import { unicodeEmoji } from '../../../server/realm/emoji';
import { startServer, type RunningServer } from '../../../server/index';
import { loadUnicodeEmoji, searchEmoji } from '../../../renderer/src/features/reactions/emoji';

// The reference server's emoji name table and the client's picker are built separately from the
// same package (gemoji) and the same list of the real service's extra names: here they are checked
// against each other, name by name, and against the real service's documented examples.

describe('server table and picker agree', () => {
  it('every name the picker offers means the same code on the server, and the reverse', async () => {
    const picker = await loadUnicodeEmoji();
    const server = unicodeEmoji();
    const pickerNames = new Map<string, string>();
    for (const choice of picker)
      for (const name of [choice.name, ...(choice.aliases ?? [])])
        if (!pickerNames.has(name)) pickerNames.set(name, choice.code);
    const disagreements = [...pickerNames].filter(([name, code]) => server.codeByName.get(name) !== code);
    expect(disagreements).toEqual([]);
    const missingFromPicker = [...server.codeByName.keys()].filter((name) => !pickerNames.has(name));
    expect(missingFromPicker).toEqual([]);
    expect(pickerNames.size).toBeGreaterThan(1800);
  });

  it.each([
    ['car', '1f697'],
    ['octopus', '1f419'],
    ['+1', '1f44d'],
    ['thumbs_up', '1f44d'],
    ['tada', '1f389'],
    ['heart', '2764'],
    ['joy', '1f602'],
    ['slight_smile', '1f642'],
    ['working_on_it', '1f6e0'],
    ['100', '1f4af'],
  ])('%s is %s in both, and the picker finds it first', async (name, code) => {
    expect(unicodeEmoji().codeByName.get(name)).toBe(code);
    expect(searchEmoji(await loadUnicodeEmoji(), name)[0]?.code).toBe(code);
  });
});

describe("the real service's documented examples through the binding and the server", () => {
  let server: RunningServer;
  let client: HttpClient;
  let dir: string;

  beforeAll(async () => {
    server = await startServer({ port: 0, seed: 'demo', quiet: true });
    const ada = server.credentials.users.find((u) => u.email === 'ada@northwind.example')!;
    dir = mkdtempSync(join(tmpdir(), 'emoji-'));
    client = new HttpClient({
      serverUrl: server.url,
      credentials: { email: ada.email, apiKey: ada.api_key },
      userAgent: 'test',
      featureLevel: () => 400,
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('status car / 1f697', async () => {
    const set = await client.call(endpoints.updateStatus, {
      status_text: 'on vacation',
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
    });
    expect(set.ok).toBe(true);
    const ada = server.credentials.users.find((u) => u.email === 'ada@northwind.example')!;
    const got = await client.call(endpoints.getUserStatus, { user_id: ada.user_id });
    expect(got).toMatchObject({
      ok: true,
      value: {
        status: {
          status_text: 'on vacation',
          emoji_name: 'car',
          emoji_code: '1f697',
          reaction_type: 'unicode_emoji',
        },
      },
    });
  });

  it('reaction octopus / 1f419, then by name alone', async () => {
    const general = [...server.realm.channels.values()].find((c) => c.name === 'general')!.stream_id;
    const messageId = server.realm.messages.find((m) => m.stream_id === general)!.id;
    const added = await client.call(endpoints.addReaction, {
      message_id: messageId,
      emoji_name: 'octopus',
      emoji_code: '1f419',
      reaction_type: 'unicode_emoji',
    });
    expect(added.ok).toBe(true);
    const byName = await client.call(endpoints.addReaction, { message_id: messageId, emoji_name: 'car' });
    expect(byName.ok).toBe(true);
    const reactions = server.realm.messagesById
      .get(messageId)!
      .reactions.map((r) => [r.emoji_name, r.emoji_code]);
    expect(reactions).toEqual(
      expect.arrayContaining([
        ['octopus', '1f419'],
        ['car', '1f697'],
      ]),
    );
  });
});
