// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { textOfHtml, wordsOfMessage } from '../../../../renderer/src/features/notifications/content';

describe('the words of a message in a notification', () => {
  it('keeps a spoiler’s content hidden, as the feed does', () => {
    const text = (html: string) => textOfHtml(html).replace(/\s+/g, ' ').trim();
    expect(
      text(
        '<p>No peeking:</p><div class="spoiler-block"><div class="spoiler-header">\n<p>The ending</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>The butler did it</p>\n</div></div><p>ok?</p>',
      ),
    ).toBe('No peeking: The ending (…) ok?');
    expect(
      text(
        '<div class="spoiler-block"><div class="spoiler-header">\n</div><div class="spoiler-content" aria-hidden="true"><p>secret</p></div></div>',
      ),
    ).toBe('(…)');
  });

  it('gives math as its TeX source, once', () => {
    const html =
      '<p>Area <span class="katex"><span class="katex-mathml"><math><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">x^2</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="mord">x</span><span class="mord">2</span></span></span> here</p>';
    expect(textOfHtml(html)).toBe('Area x^2 here');
  });
});

describe('the words of a /me message in a notification', () => {
  it('say its sender did it, as the feed does', () => {
    const message = { content: '<p>/me waves</p>', is_me_message: true, sender_full_name: 'Ben Okafor' };
    expect(wordsOfMessage(message)).toBe('Ben Okafor waves');
    expect(wordsOfMessage({ ...message, is_me_message: false })).toBe('/me waves');
  });
});
