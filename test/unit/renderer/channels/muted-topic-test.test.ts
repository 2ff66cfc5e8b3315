import { describe, expect, it } from 'vitest';
import { mutedTopicTest } from '../../../../renderer/src/features/channels/hooks';

describe('mutedTopicTest', () => {
  const isMuted = mutedTopicTest([
    { stream_id: 1, topic_name: 'Lunch', visibility_policy: 1, last_updated: 0 },
    { stream_id: 1, topic_name: 'deploys', visibility_policy: 3, last_updated: 0 },
  ]);

  it('knows the muted topics of a channel in any letter case, and only those', () => {
    expect(isMuted(1, 'lunch')).toBe(true);
    expect(isMuted(1, 'LUNCH')).toBe(true);
    expect(isMuted(1, 'deploys')).toBe(false);
    expect(isMuted(2, 'lunch')).toBe(false);
  });

  it('does not fold the names of topics in channels with no muted topic (asked for every unread topic)', () => {
    let folded = 0;
    const topic = {
      toLowerCase: () => {
        folded++;
        return 'lunch';
      },
    } as unknown as string;
    for (let streamId = 2; streamId < 1002; streamId++) expect(isMuted(streamId, topic)).toBe(false);
    expect(folded).toBe(0);
  });
});
