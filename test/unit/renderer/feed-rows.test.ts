import { describe, expect, it } from 'vitest';
import { feedRowLayout } from '../../../renderer/src/features/messages/feed-rows';
import { channelMessage, dmMessage, OTHER, THIRD } from './fixtures';

const T = 1_790_000_000; // a fixed moment, mid-day in UTC

describe('feed row layout', () => {
  it('groups a sender’s messages within five minutes; a new sender, conversation or day starts again', () => {
    const messages = [
      channelMessage({ id: 1, sender_id: OTHER, timestamp: T, subject: 'plans' }),
      channelMessage({ id: 2, sender_id: OTHER, timestamp: T + 60, subject: 'plans' }),
      channelMessage({ id: 3, sender_id: OTHER, timestamp: T + 60 + 301, subject: 'plans' }),
      channelMessage({ id: 4, sender_id: THIRD, timestamp: T + 400, subject: 'plans' }),
      channelMessage({ id: 5, sender_id: THIRD, timestamp: T + 410, subject: 'other' }),
      dmMessage([OTHER], { id: 6, sender_id: THIRD, timestamp: T + 420 }),
      dmMessage([OTHER], { id: 7, sender_id: THIRD, timestamp: T + 2 * 86400 }),
    ];
    const rows = feedRowLayout(messages, true);
    expect(rows.map((r) => r.showSender)).toEqual([true, false, true, true, true, true, true]);
    expect(rows.map((r) => r.recipientHeader)).toEqual([true, false, false, false, true, true, false]);
    expect(rows.map((r) => r.daySeparator !== null)).toEqual([true, false, false, false, false, false, true]);
  });

  it('shows no headers in a single conversation; search hits of one conversation share a header', () => {
    const messages = [channelMessage({ id: 1, timestamp: T }), channelMessage({ id: 2, timestamp: T + 10 })];
    expect(feedRowLayout(messages, false).map((r) => r.recipientHeader)).toEqual([false, false]);
    expect(feedRowLayout(messages, false).map((r) => r.showSender)).toEqual([true, false]);
    // A search's hits: the header once per run of one conversation, as in the other combined views.
    const hits = feedRowLayout(
      [...messages, channelMessage({ id: 3, timestamp: T + 20, subject: 'other' })],
      true,
    );
    expect(hits.map((r) => r.recipientHeader)).toEqual([true, false, true]);
    expect(hits.map((r) => r.showSender)).toEqual([true, false, true]);
  });
});
