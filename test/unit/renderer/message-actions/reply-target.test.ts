import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../renderer/src/api/model';
import { replyTarget } from '../../../../renderer/src/features/message-actions/reply-narrow';

const SELF = 10;
const channel = { kind: 'channel' as const, streamId: 3 };
const message = { id: 1, type: 'stream', stream_id: 3, subject: 'Plans', sender_id: 20 } as Message;
const boxes = (text: string, topic: string, drafts: string[] = []) => ({
  text: (key: string) => (key === 'channel:3' ? text : ''),
  topic: (key: string) => (key === 'channel:3' ? topic : ''),
  hasDraft: (key: string) => drafts.includes(key),
});

describe('where a reply from a channel view is written', () => {
  it('in the channel’s box when it is free or already about that topic', () => {
    expect(replyTarget(channel, message, SELF, boxes('', ''))).toEqual({
      narrow: channel,
      inChannelBox: true,
    });
    expect(replyTarget(channel, message, SELF, boxes('more on plans', 'plans'))).toEqual({
      narrow: channel,
      inChannelBox: true,
    });
  });

  it('in the topic’s own view when the box holds text for another topic, or the topic has its own draft', () => {
    const topicView = { kind: 'topic', streamId: 3, topic: 'Plans' };
    expect(replyTarget(channel, message, SELF, boxes('about lunch', 'lunch'))).toEqual({
      narrow: topicView,
      inChannelBox: false,
    });
    expect(replyTarget(channel, message, SELF, boxes('', '', ['topic:3:plans']))).toEqual({
      narrow: topicView,
      inChannelBox: false,
    });
  });

  it('in a view of several conversations, the message’s conversation, in place', () => {
    const topicView = { kind: 'topic', streamId: 3, topic: 'Plans' };
    for (const view of [{ kind: 'all' }, { kind: 'starred' }, { kind: 'search', query: 'plans' }] as const)
      expect(replyTarget(view, message, SELF, boxes('', ''))).toEqual({
        narrow: topicView,
        inChannelBox: false,
        inView: true,
      });
  });

  it('from another conversation, the message’s own', () => {
    const other = { kind: 'topic' as const, streamId: 4, topic: 'Elsewhere' };
    expect(replyTarget(other, message, SELF, boxes('', ''))).toEqual({
      narrow: { kind: 'topic', streamId: 3, topic: 'Plans' },
      inChannelBox: false,
    });
  });
});
