import { describe, expect, it } from 'vitest';
import { CLOCK_SLACK_SECONDS, dedupeQuery, findSentCopy } from '../../../electron/core/outbox-dedupe';

describe('the check before sending again', () => {
  it('asks for the newest own messages, as written: anywhere for a channel message (it may have been moved), in the conversation for a direct one', () => {
    expect(dedupeQuery({ type: 'channel', streamId: 7, topic: ' plans ' }, 'me@example.com')).toEqual({
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
      narrow: [{ operator: 'sender', operand: 'me@example.com' }],
      apply_markdown: false,
      allow_empty_topic_name: true,
    });
    expect(dedupeQuery({ type: 'direct', userIds: [9, 3] }, 'me@example.com').narrow).toEqual([
      { operator: 'dm', operand: [3, 9] },
      { operator: 'sender', operand: 'me@example.com' },
    ]);
  });

  const firstAttemptAt = 1_800_000_000_000;
  const at = (seconds: number) => firstAttemptAt / 1000 + seconds;
  const plans = { type: 'channel' as const, streamId: 7, topic: 'plans' };
  const inPlans = { stream_id: 7, subject: 'plans' };

  it('finds the same text sent since the first attempt, whatever the line endings and outer spaces', () => {
    const messages = [
      { id: 10, content: 'other', timestamp: at(1), ...inPlans },
      { id: 11, content: 'line one\nline two', timestamp: at(2), ...inPlans },
    ];
    expect(
      findSentCopy(
        messages,
        { destination: plans, content: ' line one\r\nline two\n', firstAttemptAt, seenUpToId: 0 },
        new Set(),
      ),
    ).toBe(11);
    expect(
      findSentCopy(
        messages,
        { destination: plans, content: 'line one', firstAttemptAt, seenUpToId: 0 },
        new Set(),
      ),
    ).toBeNull();
  });

  it('ignores messages from before the first attempt (beyond the clock allowance) and those already accounted for', () => {
    const old = { id: 5, content: 'ok', timestamp: at(-CLOCK_SLACK_SECONDS - 1), ...inPlans };
    const justBefore = { id: 6, content: 'ok', timestamp: at(-30), ...inPlans };
    const later = { id: 8, content: 'ok', timestamp: at(3), ...inPlans };
    expect(
      findSentCopy([old], { destination: plans, content: 'ok', firstAttemptAt, seenUpToId: 0 }, new Set()),
    ).toBeNull();
    expect(
      findSentCopy(
        [later, justBefore, old],
        { destination: plans, content: 'ok', firstAttemptAt, seenUpToId: 0 },
        new Set(),
      ),
    ).toBe(6);
    expect(
      findSentCopy(
        [later, justBefore],
        { destination: plans, content: 'ok', firstAttemptAt, seenUpToId: 0 },
        new Set([6]),
      ),
    ).toBe(8);
    expect(
      findSentCopy(
        [later, justBefore],
        { destination: plans, content: 'ok', firstAttemptAt, seenUpToId: 0 },
        new Set([6, 8]),
      ),
    ).toBeNull();
  });

  it('ignores a message the app had seen before its first attempt: the same words sent from another device', () => {
    const fromPhone = { id: 6, content: 'ok, on my way', timestamp: at(-5), ...inPlans };
    const thisSend = { id: 9, content: 'ok, on my way', timestamp: at(1), ...inPlans };
    expect(
      findSentCopy(
        [fromPhone],
        { destination: plans, content: 'ok, on my way', firstAttemptAt, seenUpToId: 6 },
        new Set(),
      ),
    ).toBeNull();
    expect(
      findSentCopy(
        [fromPhone, thisSend],
        { destination: plans, content: 'ok, on my way', firstAttemptAt, seenUpToId: 6 },
        new Set(),
      ),
    ).toBe(9);
  });

  it('finds it where it was moved or its topic resolved since, but not the same words sent elsewhere', () => {
    const sent = { destination: plans, content: 'on my way', firstAttemptAt, seenUpToId: 0 };
    const resolved = { id: 12, content: 'on my way', timestamp: at(1), stream_id: 7, subject: '✔ plans' };
    expect(findSentCopy([resolved], sent, new Set())).toBe(12);
    const moved = {
      id: 13,
      content: 'on my way',
      timestamp: at(1),
      stream_id: 8,
      subject: 'elsewhere',
      last_moved_timestamp: at(2),
    };
    expect(findSentCopy([moved], sent, new Set())).toBe(13);
    const sentThere = { ...moved, last_moved_timestamp: undefined };
    expect(findSentCopy([sentThere], sent, new Set())).toBeNull();
    const direct = { id: 14, content: 'on my way', timestamp: at(1) };
    expect(findSentCopy([direct], sent, new Set())).toBeNull();
  });
});
