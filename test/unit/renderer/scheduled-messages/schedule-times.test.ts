import { describe, expect, it } from 'vitest';
import {
  fromLocalInput,
  schedulePresets,
  toLocalInput,
} from '../../../../renderer/src/features/scheduled/schedule-times';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const seconds = (date: Date) => date.getTime() / 1000;

describe('schedule presets (local time)', () => {
  it('a Wednesday afternoon: tomorrow and next Monday, both at 9:00', () => {
    expect(schedulePresets(local(2026, 11, 25, 15, 30))).toEqual([
      { id: 'tomorrow', label: 'Tomorrow at 9:00', at: seconds(local(2026, 11, 26, 9)) },
      { id: 'monday', label: 'Monday at 9:00', at: seconds(local(2026, 11, 30, 9)) },
    ]);
  });

  it('on a Monday, "Monday" is a week on; on a Sunday it would say what "Tomorrow" says, so it is left out', () => {
    expect(schedulePresets(local(2026, 11, 30, 8)).map((p) => p.at)).toEqual([
      seconds(local(2026, 12, 1, 9)),
      seconds(local(2026, 12, 7, 9)),
    ]);
    expect(schedulePresets(local(2026, 11, 29, 20)).map((p) => p.id)).toEqual(['tomorrow']);
  });

  it('reads back the datetime-local value it writes', () => {
    const at = seconds(local(2026, 12, 24, 17, 5));
    expect(toLocalInput(at)).toBe('2026-12-24T17:05');
    expect(fromLocalInput('2026-12-24T17:05')).toBe(at);
    expect(fromLocalInput('')).toBeNull();
  });
});
