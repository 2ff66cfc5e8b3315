// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { feedKey, sessionKey, type FeedData, type FeedPageParam } from '../../../../renderer/src/api/keys';
import type { GetMessagesResponse, Message } from '../../../../renderer/src/api/model';
import type { Narrow } from '../../../../renderer/src/api/narrow';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { FeedJournal, feedJournal } from '../../../../renderer/src/events/feed-journal';
import { extendFeed, fetchPage } from '../../../../renderer/src/features/messages/useFeed';
import { FakeBridge } from '../fake-bridge';
import { baseState, channelMessage, decoded, SELF } from '../fixtures';

// A page of messages is the server's state when it answered: what events changed while the answer
// was on its way must not be lost when it is shown (a gap of new messages, a deleted message back).

const topic: Narrow = { kind: 'topic', streamId: 1, topic: 'greetings' };
let qc: QueryClient;
let bridge: FakeBridge;
let eventId = 0;
const ev = (type: string, fields: Record<string, unknown>) =>
  decoded([{ id: ++eventId, type, ...fields }])[0]!;
const page = (messages: Message[], edges: Partial<GetMessagesResponse> = {}): GetMessagesResponse =>
  ({
    result: 'success',
    msg: '',
    messages,
    anchor: messages[0]?.id ?? 0,
    found_anchor: true,
    found_oldest: false,
    found_newest: true,
    history_limited: false,
    ...edges,
  }) as GetMessagesResponse;

/** The server answers `answer`; the events come in after it answered, before the answer arrives. */
function answerThenEvents(answer: GetMessagesResponse, events: ReturnType<typeof ev>[]) {
  bridge.handlers.getMessages = async () => {
    applyEvents(qc, events);
    return answer;
  };
}

beforeEach(() => {
  qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(sessionKey, { accountId: 'a', generation: 1, initialState: baseState() });
  bridge = new FakeBridge();
});

const first: FeedPageParam = { anchor: 'newest', before: 50, after: 50, includeAnchor: true };

describe('a page fetched while events came', () => {
  it('takes the new messages of its view that came meanwhile, once and in order', async () => {
    const shown = [channelMessage(), channelMessage()];
    const late = channelMessage();
    const elsewhere = channelMessage({ subject: 'another topic' });
    answerThenEvents(page(shown), [
      ev('message', { message: elsewhere, flags: [] }),
      ev('message', { message: late, flags: [] }),
      ev('message', { message: shown[1], flags: [] }),
    ]);
    const got = await fetchPage(qc, bridge, topic, first);
    expect(got.messages.map((m) => m.id)).toEqual([shown[0]!.id, shown[1]!.id, late.id]);
  });

  it('leaves new messages to a page that does not reach the newest (they are fetched with the next)', async () => {
    const shown = [channelMessage()];
    answerThenEvents(page(shown, { found_newest: false }), [
      ev('message', { message: channelMessage(), flags: [] }),
    ]);
    const got = await fetchPage(qc, bridge, topic, first);
    expect(got.messages.map((m) => m.id)).toEqual([shown[0]!.id]);
  });

  it('drops what was deleted, and shows the edits, flags, reactions and moves made meanwhile', async () => {
    const [a, b, c, d] = [channelMessage(), channelMessage(), channelMessage(), channelMessage()];
    answerThenEvents(page([a!, b!, c!, d!]), [
      ev('delete_message', {
        message_ids: [a!.id],
        message_type: 'stream',
        stream_id: 1,
        topic: 'greetings',
      }),
      ev('update_message', {
        user_id: SELF,
        message_id: b!.id,
        message_ids: [b!.id],
        rendered_content: '<p>edited</p>',
        content: 'edited',
        edit_timestamp: 1_700_000_100,
        flags: [],
      }),
      ev('update_message_flags', { op: 'add', flag: 'read', messages: [c!.id], all: false }),
      ev('reaction', {
        op: 'add',
        message_id: c!.id,
        user_id: SELF,
        emoji_name: 'tada',
        emoji_code: '1f389',
        reaction_type: 'unicode_emoji',
      }),
      ev('update_message', {
        user_id: SELF,
        message_id: d!.id,
        message_ids: [d!.id],
        stream_id: 1,
        orig_subject: 'greetings',
        subject: 'moved away',
        propagate_mode: 'change_one',
        edit_timestamp: 1_700_000_200,
        flags: [],
      }),
    ]);
    const got = await fetchPage(qc, bridge, topic, first);
    expect(got.messages.map((m) => m.id)).toEqual([b!.id, c!.id]);
    expect(got.messages[0]!.content).toBe('<p>edited</p>');
    expect(got.messages[1]!.flags).toContain('read');
    expect(got.messages[1]!.reactions?.map((r) => r.emoji_name)).toEqual(['tada']);
  });

  it('an older page merged while scrolling up does not bring back a message deleted meanwhile', async () => {
    const newer = Array.from({ length: 3 }, () => channelMessage());
    const olderIds = [newer[0]!.id - 3, newer[0]!.id - 2, newer[0]!.id - 1];
    const olderMessages = olderIds.map((id) => channelMessage({ id }));
    qc.setQueryData<FeedData>(feedKey(topic, null), {
      pages: [page(newer, { found_oldest: false })],
      pageParams: [first],
    });
    answerThenEvents(page(olderMessages, { found_newest: false }), [
      ev('delete_message', {
        message_ids: [olderIds[1]],
        message_type: 'stream',
        stream_id: 1,
        topic: 'greetings',
      }),
    ]);
    await extendFeed(qc, bridge, topic, null, 'older');
    const ids = qc
      .getQueryData<FeedData>(feedKey(topic, null))!
      .pages.flatMap((p) => p.messages.map((m) => m.id));
    expect(ids).toEqual([olderIds[0], olderIds[2], ...newer.map((m) => m.id)]);
  });

  it('asks again when more events came than the journal keeps, within a bound', async () => {
    const many = Array.from({ length: FeedJournal.MAX_CHANGES + 1 }, () =>
      ev('update_message_flags', { op: 'add', flag: 'starred', messages: [1], all: false }),
    );
    let asked = 0;
    const fresh = page([channelMessage()]);
    bridge.handlers.getMessages = async () => {
      asked++;
      if (asked === 1) applyEvents(qc, many);
      return fresh;
    };
    const got = await fetchPage(qc, bridge, topic, first);
    expect(asked).toBe(2);
    expect(got).toEqual(fresh);
    expect(feedJournal(qc).position()).toBe(FeedJournal.MAX_CHANGES + 1);
  });
});
