import { describe, expect, it } from 'vitest';
import { tooLongWarning } from '../../../../renderer/src/features/compose/message-length';

describe('the message length limit', () => {
  it('counts characters as the server does: an emoji or other astral character is one', () => {
    // 6,000 emoji are 12,000 UTF-16 units but 6,000 characters.
    expect(tooLongWarning('👍'.repeat(6000), 10000)).toBeNull();
    expect(tooLongWarning('𝒳'.repeat(10000), 10000)).toBeNull();
    expect(tooLongWarning('𝒳'.repeat(10001), 10000)).toBe('Too long: at most 10000 characters.');
    expect(tooLongWarning(`${'a'.repeat(9999)}😀`, 10000)).toBeNull();
    expect(tooLongWarning(`${'a'.repeat(10000)}😀`, 10000)).toBe('Too long: at most 10000 characters.');
  });

  it('counts the text the server keeps: trailing whitespace and leading blank lines are not counted', () => {
    expect(tooLongWarning(`\n\n${'a'.repeat(20)}  \n\n`, 20)).toBeNull();
    expect(tooLongWarning(`  ${'a'.repeat(19)}\n`, 20)).toBe('Too long: at most 20 characters.');
  });

  it('no maximum from the server: nothing to say', () => {
    expect(tooLongWarning('x'.repeat(100_000), undefined)).toBeNull();
  });
});
