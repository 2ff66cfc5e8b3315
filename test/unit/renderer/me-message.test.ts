import { describe, expect, it } from 'vitest';
import { meMessageHtml } from '../../../renderer/src/features/messages/me-message';

describe('meMessageHtml ("/me" messages)', () => {
  it('puts the sender’s name, escaped, in place of the command', () => {
    expect(meMessageHtml('<p>/me waves</p>', 'Ben <b>&</b>')).toBe(
      '<p><span class="me-message-sender">Ben &#60;b&#62;&#38;&#60;/b&#62;</span> waves</p>',
    );
    expect(meMessageHtml('<p>/me</p>', 'Ben')).toBe('<p><span class="me-message-sender">Ben</span></p>');
  });

  it('leaves anything else alone', () => {
    for (const html of ['<p>/mention</p>', '<p>say /me waves</p>', '<pre><code>/me x</code></pre>'])
      expect(meMessageHtml(html, 'Ben')).toBe(html);
  });
});
