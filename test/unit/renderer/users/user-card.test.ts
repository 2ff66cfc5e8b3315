import { describe, expect, it } from 'vitest';
import { localTime } from '../../../../renderer/src/features/users/UserCard';

describe("a person's local time on their card", () => {
  const noonUtc = new Date('2026-11-26T12:05:00Z');

  it('is their clock, in the reader’s 12- or 24-hour style', () => {
    expect(localTime('Asia/Tokyo', noonUtc, true)).toMatch(/21:05/);
    expect(localTime('America/New_York', noonUtc, false)).toMatch(/7:05/);
  });

  it('is left out without a time zone, or with one the browser does not know', () => {
    expect(localTime(undefined, noonUtc, true)).toBeNull();
    expect(localTime('', noonUtc, true)).toBeNull();
    expect(localTime('Mars/Olympus_Mons', noonUtc, true)).toBeNull();
  });
});
