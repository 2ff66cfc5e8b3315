import { describe, expect, it } from 'vitest';
import {
  decodeEvent,
  decodeEvents,
  eventSchemas,
  settingChangeOf,
  type ChatEvent,
} from '../../../shared/api/events';
import { knownEventFixtures, malformedKnownEvents } from './events.fixtures';

/** The `op` values a schema accepts: the options of a discriminated union, or its one literal. */
function opsOf(schema: unknown): (string | undefined)[] {
  const s = schema as { options?: unknown[]; shape?: { op?: { values?: Set<string> } } };
  if (s.options) return s.options.flatMap(opsOf);
  const values = s.shape?.op?.values;
  return values ? [...values] : [undefined];
}

describe('decodeEvent: known types (spec part 6)', () => {
  it.each(knownEventFixtures)('%s', (_title, raw, type, op, [field, value]) => {
    const withExtra = { ...raw, field_from_the_future: { anything: [1, 2] } };
    const event = decodeEvent(withExtra);
    expect(event.kind).toBe('known');
    expect(event.type).toBe(type);
    expect(event.id).toBe(raw.id);
    if (op !== undefined) expect((event as { op?: string }).op).toBe(op);
    expect((event as unknown as Record<string, unknown>)[field]).toEqual(value);
    // Unknown fields are carried along, not stripped and not fatal.
    expect((event as unknown as Record<string, unknown>).field_from_the_future).toEqual({ anything: [1, 2] });
  });

  it('has a fixture for every known type and op', () => {
    const fixtures = new Set(knownEventFixtures.map(([, , type, op]) => `${type}/${op ?? ''}`));
    const missing: string[] = [];
    for (const [type, schema] of Object.entries(eventSchemas))
      for (const op of opsOf(schema))
        if (!fixtures.has(`${type}/${op ?? ''}`)) missing.push(`${type}/${op ?? ''}`);
    expect(missing).toEqual([]);
  });

  it('covers every event type the spec and the server list', () => {
    const required = [
      'heartbeat',
      'message',
      'update_message',
      'delete_message',
      'reaction',
      'update_message_flags',
      'typing',
      'typing_edit_message',
      'drafts',
      'saved_snippets',
      'user_group',
      'realm_linkifiers',
      'realm_emoji',
      'realm_user',
      'user_settings',
      'update_display_settings',
      'update_global_notifications',
      'realm_user_settings_defaults',
      'subscription',
      'stream',
      'user_status',
      'presence',
      'user_topic',
      'realm',
      'alert_words',
      'muted_users',
      'attachment',
      'realm_bot',
      'realm_domains',
      'scheduled_messages',
      'invites_changed',
    ];
    expect(Object.keys(eventSchemas).sort()).toEqual([...required].sort());
  });

  it('narrows by kind, type and op', () => {
    const event = decodeEvent(knownEventFixtures.find(([t]) => t === 'typing stop (channel)')![1]);
    const topic = (e: ChatEvent) =>
      e.kind === 'known' && e.type === 'typing' && e.op === 'stop' ? `${e.sender.user_id}:${e.topic}` : null;
    expect(topic(event)).toBe('9:release plan');
  });
});

describe('decodeEvent: anything else becomes unknown, never an exception', () => {
  it('an unknown type keeps its id, type and raw body', () => {
    const raw = { id: 90, type: 'channel_folder', op: 'add', channel_folder: { id: 1 } };
    expect(decodeEvent(raw)).toEqual({ kind: 'unknown', id: 90, type: 'channel_folder', raw });
  });

  it.each(malformedKnownEvents)('a malformed known event: %s', (_title, raw) => {
    const event = decodeEvent(raw);
    const r = raw as { id: number; type: string };
    expect(event).toEqual({ kind: 'unknown', id: r.id, type: r.type, raw });
  });

  it.each([
    ['null', null],
    ['a number', 42],
    ['a string', 'heartbeat'],
    ['an array', [{ id: 1, type: 'heartbeat' }]],
    ['an object without id', { type: 'heartbeat' }],
    ['a string id', { id: '3', type: 'heartbeat' }],
    ['a numeric type', { id: 3, type: 7 }],
  ])('garbage: %s', (_title, raw) => {
    const event = decodeEvent(raw);
    expect(event.kind).toBe('unknown');
    expect((event as { raw: unknown }).raw).toBe(raw);
  });

  it('a type named like an Object.prototype member is unknown', () => {
    expect(decodeEvent({ id: 3, type: 'constructor' }).kind).toBe('unknown');
    expect(decodeEvent({ id: 4, type: '__proto__' }).kind).toBe('unknown');
  });

  it('decodeEvents keeps order and lets one bad event through as unknown', () => {
    const events = decodeEvents([
      { id: 1, type: 'heartbeat' },
      { id: 2, type: 'reaction', op: 'add' },
      { id: 3, type: 'alert_words', alert_words: ['x'] },
    ]);
    expect(events.map((e) => [e.id, e.kind])).toEqual([
      [1, 'known'],
      [2, 'unknown'],
      [3, 'known'],
    ]);
  });
});

describe('settingChangeOf (level 89 unified the settings events)', () => {
  it.each([
    [
      {
        id: 1,
        type: 'user_settings',
        op: 'update',
        property: 'default_language',
        value: 'fr',
        language_name: 'French',
      },
      { property: 'default_language', value: 'fr', languageName: 'French' },
    ],
    [
      {
        id: 2,
        type: 'update_display_settings',
        user: 'ada@example.com',
        setting_name: 'color_scheme',
        setting: 2,
      },
      { property: 'color_scheme', value: 2 },
    ],
    [
      {
        id: 3,
        type: 'update_global_notifications',
        user: 'ada@example.com',
        notification_name: 'enable_sounds',
        setting: false,
      },
      { property: 'enable_sounds', value: false },
    ],
  ])('reads %o', (raw, expected) => {
    expect(settingChangeOf(decodeEvent(raw))).toEqual(expected);
  });

  it('is null for other events and for unknown ones', () => {
    expect(settingChangeOf(decodeEvent({ id: 4, type: 'heartbeat' }))).toBeNull();
    expect(settingChangeOf(decodeEvent({ id: 5, type: 'user_settings', op: 'update' }))).toBeNull();
  });
});
