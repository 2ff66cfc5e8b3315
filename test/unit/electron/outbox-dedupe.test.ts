import { describe, expect, it } from 'vitest';
import { CLOCK_SLACK_SECONDS, dedupeQuery, findSentCopy } from '../../../electron/core/outbox-dedupe';

describe('the check before sending again', () => {
  it('asks for the newest own messages of the conversation, as written', () => {
    expect(dedupeQuery({ type: 'channel', streamId: 7, topic: ' plans ' }, 'me@example.com')).toEqual({
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
      narrow: [
        { operator: 'channel', operand: 7 },
        { operator: 'topic', operand: 'plans' },
        { operator: 'sender', operand: 'me@example.com' },
      ],
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

  it('finds the same text sent since the first attempt, whatever the line endings and outer spaces', () => {
    const messages = [
      { id: 10, content: 'other', timestamp: at(1) },
      { id: 11, content: 'line one\nline two', timestamp: at(2) },
    ];
    expect(
      findSentCopy(
        messages,
        { content: ' line one\r\nline two\n', firstAttemptAt, seenUpToId: 0 },
        new Set(),
      ),
    ).toBe(11);
    expect(
      findSentCopy(messages, { content: 'line one', firstAttemptAt, seenUpToId: 0 }, new Set()),
    ).toBeNull();
  });

  it('ignores messages from before the first attempt (beyond the clock allowance) and those already accounted for', () => {
    const old = { id: 5, content: 'ok', timestamp: at(-CLOCK_SLACK_SECONDS - 1) };
    const justBefore = { id: 6, content: 'ok', timestamp: at(-30) };
    const later = { id: 8, content: 'ok', timestamp: at(3) };
    expect(findSentCopy([old], { content: 'ok', firstAttemptAt, seenUpToId: 0 }, new Set())).toBeNull();
    expect(
      findSentCopy([later, justBefore, old], { content: 'ok', firstAttemptAt, seenUpToId: 0 }, new Set()),
    ).toBe(6);
    expect(
      findSentCopy([later, justBefore], { content: 'ok', firstAttemptAt, seenUpToId: 0 }, new Set([6])),
    ).toBe(8);
    expect(
      findSentCopy([later, justBefore], { content: 'ok', firstAttemptAt, seenUpToId: 0 }, new Set([6, 8])),
    ).toBeNull();
  });

  it('ignores a message the app had seen before its first attempt: the same words sent from another device', () => {
    const fromPhone = { id: 6, content: 'ok, on my way', timestamp: at(-5) };
    const thisSend = { id: 9, content: 'ok, on my way', timestamp: at(1) };
    expect(
      findSentCopy([fromPhone], { content: 'ok, on my way', firstAttemptAt, seenUpToId: 6 }, new Set()),
    ).toBeNull();
    expect(
      findSentCopy(
        [fromPhone, thisSend],
        { content: 'ok, on my way', firstAttemptAt, seenUpToId: 6 },
        new Set(),
      ),
    ).toBe(9);
  });
});
