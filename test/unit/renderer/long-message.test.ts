import { describe, expect, it } from 'vitest';
import { isLongMessage, useExpandedMessages } from '../../../renderer/src/features/messages/long-message';

describe('long messages are shown condensed', () => {
  it('judges length by lines and text, not by bytes of markup', () => {
    expect(isLongMessage('<p>Short and sweet.</p>')).toBe(false);
    expect(isLongMessage(`<p>${'word '.repeat(2000)}</p>`)).toBe(true);
    expect(isLongMessage(Array.from({ length: 40 }, (_, i) => `<p>Line ${i}</p>`).join(''))).toBe(true);
    expect(
      isLongMessage(`<pre><code>${Array.from({ length: 40 }, (_, i) => `x = ${i}`).join('\n')}</code></pre>`),
    ).toBe(true);
    // A long link is one line: its markup does not count.
    expect(isLongMessage(`<p><a href="https://example.com/${'x'.repeat(3000)}">a link</a></p>`)).toBe(false);
  });

  it('does not count what a closed spoiler hides', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `<p>Line ${i}</p>`).join('\n');
    const spoiler = `<p>Plot:</p><div class="spoiler-block"><div class="spoiler-header">\n<p>The ending</p>\n</div><div class="spoiler-content" aria-hidden="true">\n${lines}\n</div></div>`;
    expect(isLongMessage(spoiler)).toBe(false);
    expect(isLongMessage(`${spoiler}${lines}`)).toBe(true);
  });

  it('"Show more" keeps a message open until "Show less"', () => {
    useExpandedMessages.getState().toggle(7);
    expect(useExpandedMessages.getState().ids.has(7)).toBe(true);
    useExpandedMessages.getState().toggle(7);
    expect(useExpandedMessages.getState().ids.has(7)).toBe(false);
  });

  it('names the row being opened or closed until its new height is measured', () => {
    useExpandedMessages.getState().toggle(9);
    expect(useExpandedMessages.getState().resizing).toBe(9);
    useExpandedMessages.getState().resized();
    expect(useExpandedMessages.getState().resizing).toBeNull();
    expect(useExpandedMessages.getState().ids.has(9)).toBe(true);
  });
});
