import { describe, expect, it } from 'vitest';
import { channelOpener, movedTopicNarrow } from '../../../renderer/src/features/messages/follow-moved-topic';
import type { Narrow } from '../../../renderer/src/api/narrow';

const any = () => true;
const open: Narrow = { kind: 'topic', streamId: 3, topic: 'new logo' };
const move = (fields: Record<string, unknown>) => ({
  type: 'update_message',
  propagate_mode: 'change_all',
  stream_id: 3,
  orig_subject: 'new logo',
  ...fields,
});

describe('movedTopicNarrow', () => {
  it('follows a whole-topic rename, resolve or move to another channel', () => {
    expect(movedTopicNarrow(open, [move({ subject: 'logo v2' })], any)).toEqual({
      ...open,
      topic: 'logo v2',
    });
    expect(movedTopicNarrow(open, [move({ subject: '✔ new logo' })], any)).toEqual({
      ...open,
      topic: '✔ new logo',
    });
    expect(movedTopicNarrow(open, [move({ new_stream_id: 5 })], any)).toEqual({ ...open, streamId: 5 });
  });

  it('matches the topic without regard to case, and follows a topic moved twice in one batch', () => {
    const events = [
      move({ orig_subject: 'NEW LOGO', subject: 'a' }),
      move({ orig_subject: 'a', new_stream_id: 9 }),
    ];
    expect(movedTopicNarrow(open, events, any)).toEqual({ kind: 'topic', streamId: 9, topic: 'a' });
  });

  it('follows the later part of the topic when it takes the selected message, as the real web app does', () => {
    const later = move({ subject: 'logo v2', propagate_mode: 'change_later', message_ids: [7, 8] });
    expect(movedTopicNarrow(open, [later], any, 8)).toEqual({ ...open, topic: 'logo v2' });
    const one = move({ subject: 'logo v2', propagate_mode: 'change_one', message_ids: [8] });
    expect(movedTopicNarrow(open, [one], any, 8)).toBeNull();
  });

  it('stays put for partial moves without the selected message, other topics, other channels, content edits and other views', () => {
    expect(movedTopicNarrow(open, [move({ subject: 'x', propagate_mode: 'change_one' })], any)).toBeNull();
    expect(
      movedTopicNarrow(
        open,
        [move({ subject: 'x', propagate_mode: 'change_later', message_ids: [7, 8] })],
        any,
        5,
      ),
    ).toBeNull();
    expect(
      movedTopicNarrow(
        open,
        [move({ subject: 'x', propagate_mode: 'change_later', message_ids: [7, 8] })],
        any,
      ),
    ).toBeNull();
    expect(movedTopicNarrow(open, [move({ orig_subject: 'other', subject: 'x' })], any)).toBeNull();
    expect(movedTopicNarrow(open, [move({ stream_id: 4, subject: 'x' })], any)).toBeNull();
    expect(movedTopicNarrow(open, [{ type: 'update_message', stream_id: 3, content: 'hi' }], any)).toBeNull();
    expect(movedTopicNarrow({ kind: 'channel', streamId: 3 }, [move({ subject: 'x' })], any)).toBeNull();
    expect(movedTopicNarrow(null, [move({ subject: 'x' })], any)).toBeNull();
  });

  it('stays put for a move into a channel the person cannot open (private, not theirs)', () => {
    const opens = channelOpener({
      subscriptions: [{ stream_id: 3 }],
      never_subscribed: [{ stream_id: 4 }],
    } as never);
    expect(movedTopicNarrow(open, [move({ new_stream_id: 5 })], opens)).toBeNull();
    expect(movedTopicNarrow(open, [move({ new_stream_id: 4 })], opens)).toEqual({ ...open, streamId: 4 });
  });

  it('reads the channel lists only for a batch that holds a move (every batch makes an opener)', () => {
    let reads = 0;
    const state = {
      get subscriptions() {
        reads++;
        return [{ stream_id: 3 }];
      },
    };
    const opens = channelOpener(state as never);
    expect(
      movedTopicNarrow(open, [{ type: 'update_message', stream_id: 3, content: 'hi' }], opens),
    ).toBeNull();
    expect(reads).toBe(0);
    expect(opens(3)).toBe(true);
    expect(opens(9)).toBe(false);
    expect(reads).toBe(1);
  });
});
