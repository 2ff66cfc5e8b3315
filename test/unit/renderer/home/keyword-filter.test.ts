import { describe, expect, it } from 'vitest';
import { keywordMatcher } from '../../../../renderer/src/features/home/keyword-filter';

describe('keywordMatcher (the Filter box of the Inbox and Recent conversations)', () => {
  it('matches when every word typed begins a word of the text, in any order', () => {
    const match = keywordMatcher('dep eng')!;
    expect(match('engineering deploy pipeline')).toBe(true);
    expect(match('engineering code review')).toBe(false);
    // Inside a word is not a match, as in the real service.
    expect(keywordMatcher('line')!('engineering deploy pipeline')).toBe(false);
  });

  it('ignores case and accents', () => {
    expect(keywordMatcher('CHLOE')!('Chloé Martin, Ben Okafor')).toBe(true);
    expect(keywordMatcher('garcía')!('Elena Garcia')).toBe(true);
  });

  it('is absent when nothing but spaces is typed', () => {
    expect(keywordMatcher('   ')).toBeNull();
  });
});
