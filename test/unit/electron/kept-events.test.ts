import { describe, expect, it } from 'vitest';
import { decodeEvents } from '../../../shared/api/events';
import { KeptEvents } from '../../../electron/core/kept-events';

const statuses = (from: number, count: number, text = 'away') =>
  decodeEvents(
    Array.from({ length: count }, (_, i) => ({
      id: from + i,
      type: 'user_status',
      user_id: 1,
      status_text: text,
    })),
  );

describe('KeptEvents', () => {
  it('keeps what a window attaching later needs, in order, without typing notices', () => {
    const kept = new KeptEvents();
    kept.add([...statuses(0, 2), ...decodeEvents([{ id: 2, type: 'typing', op: 'start' }])]);
    expect(kept.list?.map((event) => event.id)).toEqual([0, 1]);
    kept.reset();
    expect(kept.list).toEqual([]);
  });

  it('gives up past its number of events, until the next registration', () => {
    const kept = new KeptEvents(3);
    kept.add(statuses(0, 3));
    expect(kept.list).toHaveLength(3);
    kept.add(statuses(3, 1));
    expect(kept.list).toBeNull();
    kept.add(statuses(4, 1));
    expect(kept.list).toBeNull();
    kept.reset();
    kept.add(statuses(0, 1));
    expect(kept.list).toHaveLength(1);
  });

  it('gives up past its size, whatever the number of events', () => {
    const kept = new KeptEvents(1000, 5000);
    kept.add(statuses(0, 1, 'x'.repeat(2000)));
    kept.add(statuses(1, 1, 'x'.repeat(2000)));
    expect(kept.list).toHaveLength(2);
    kept.add(statuses(2, 1, 'x'.repeat(2000)));
    expect(kept.list).toBeNull();
  });
});
