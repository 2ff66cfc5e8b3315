import { describe, expect, it } from 'vitest';
import {
  FlingDetector,
  FRAME_MS,
  JOURNEY_GAP_MS,
  SETTLE_MS,
} from '../../../renderer/src/features/messages/fling';
import { plainText } from '../../../renderer/src/features/messages/plain-text';
import { FeedFlight, indexOfId } from '../../../renderer/src/features/messages/useLightRows';
import type { Message } from '../../../renderer/src/api/model';

describe('plainText (a light row’s text)', () => {
  it('drops tags and keeps the words, paragraphs as lines', () => {
    expect(plainText('<p>Hello <strong>bold</strong> and <a href="https://x.test">a link</a></p>')).toBe(
      'Hello bold and a link',
    );
    expect(plainText('<p>one</p>\n<p>two<br>three</p>')).toBe('one\ntwo\nthree');
    expect(plainText('<ul>\n<li>a</li>\n<li>b</li>\n</ul>')).toBe('a\nb');
    expect(plainText('<p>Load message 42 of 100000</p>')).toBe('Load message 42 of 100000');
  });

  it('shows emoji by their text and images as nothing', () => {
    expect(
      plainText(
        '<p><span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span> hi</p>',
      ),
    ).toBe(':smile: hi');
    expect(plainText('<p>look <img src="/user_uploads/a.png" alt="a"></p>')).toBe('look');
  });

  it('keeps what a spoiler hides hidden, as the full row does: its header only', () => {
    expect(
      plainText(
        '<p>No peeking:</p>\n<div class="spoiler-block"><div class="spoiler-header">\n<p>The ending</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<div class="codehilite"><pre><code>butler()</code></pre></div>\n<p>The butler did it</p>\n</div></div>\n<p>ok?</p>',
      ),
    ).toBe('No peeking:\nThe ending\nok?');
  });

  it('shows math (KaTeX: MathML, then the same as spans) once, without its TeX source', () => {
    expect(
      plainText(
        '<p>Area <span class="katex"><span class="katex-mathml"><math><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">x^2</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="mord mathnormal">x</span><span class="mord mtight">2</span></span></span> here</p>',
      ),
    ).toBe('Area x2 here');
  });

  it('shows a global time as the full row does, in the reader’s way; as written without one', () => {
    const html =
      '<p>Call at <time datetime="2026-11-27T14:00:00Z">2026-11-27T15:00:00+01:00</time> or <time datetime="nonsense">later</time></p>';
    const shown = (instant: Date) => `[${instant.toISOString()}]`;
    expect(plainText(html, shown)).toBe('Call at [2026-11-27T14:00:00.000Z] or later');
    expect(plainText(html)).toBe('Call at 2026-11-27T15:00:00+01:00 or later');
  });

  it('decodes the common entities, numeric ones included', () => {
    expect(plainText('<p>a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; &apos;f&apos;</p>')).toBe(
      "a & b <c> \"d\" 'e' 'f'",
    );
    expect(plainText('&#x1F600; &#128512; x&nbsp;y')).toBe('😀 😀 x\u00a0y');
    expect(plainText('&AMP; &unknown; & alone')).toBe('& &unknown; & alone');
  });

  it('decodes once: an escaped entity stays an entity', () => {
    expect(plainText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
  });

  it('replaces impossible code points as a parser would', () => {
    expect(plainText('&#0; &#xD800; &#x110000;')).toBe('\ufffd \ufffd \ufffd');
  });

  it('leaves escaped markup as visible text and drops live markup with its script', () => {
    // Escaped by the server: the user wrote this text, and sees it.
    expect(plainText('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<script>alert(1)</script>');
    // Live markup is never text: tags, handlers and script bodies vanish.
    expect(plainText('<img src=x onerror="alert(1)"><script>alert(2)</script><style>p{}</style>ok')).toBe(
      'ok',
    );
    expect(plainText('<a title="x > y" href="javascript:alert(1)">click</a>')).toBe('click');
    expect(plainText('<!-- <p>hidden</p> -->shown')).toBe('shown');
    expect(plainText('<svg><g onload="alert(1)"></g></svg>')).toBe('');
  });
});

describe('FlingDetector (light rows while the feed flies)', () => {
  it('is flying when a frame moves more rows than a screen holds, from the first such frame', () => {
    const d = new FlingDetector();
    expect(d.moved(5, 1000, 10)).toBe(false);
    expect(d.moved(60, 1000 + FRAME_MS, 10)).toBe(true);
  });

  it('counts a move against the frames it took, and one after a pause as a jump', () => {
    const d = new FlingDetector();
    d.moved(1, 0, 10);
    // 20 rows over two frames is 10 a frame: a screen, not more.
    expect(d.moved(20, 2 * FRAME_MS, 10)).toBe(false);
    expect(d.moved(21, 4 * FRAME_MS, 10)).toBe(true);
    const later = new FlingDetector();
    later.moved(1, 0, 10);
    // 100 ms after the last move: one jump of 30 rows, not a glide of 5 a frame.
    expect(later.moved(30, 100, 10)).toBe(true);
  });

  it('takes the first move after a pause as one frame (a jump or a fling’s start)', () => {
    const d = new FlingDetector();
    d.moved(1, 0, 10);
    expect(d.moved(-200, 10_000, 10)).toBe(true);
  });

  it('travels (for fetching) only on fast moves in a row; a lone jump draws light rows only', () => {
    const d = new FlingDetector();
    d.moved(-100, 0, 10);
    expect(d.flying(0)).toBe(true);
    expect(d.traveling).toBeNull();
    d.moved(-100, FRAME_MS, 10);
    expect(d.traveling).toBe('older');
    const jumps = new FlingDetector();
    jumps.moved(50, 0, 10);
    jumps.moved(50, JOURNEY_GAP_MS + 50, 10);
    expect(jumps.traveling).toBeNull();
  });

  it('knows which way it flies', () => {
    const d = new FlingDetector();
    d.moved(-100, 0, 10);
    expect(d.heading(1)).toBe('older');
    d.moved(100, FRAME_MS, 10);
    expect(d.heading(FRAME_MS)).toBe('newer');
    expect(d.heading(FRAME_MS + SETTLE_MS)).toBeNull();
  });

  it('settles SETTLE_MS after the last fast move, still or moving slowly', () => {
    const d = new FlingDetector();
    d.moved(100, 1000, 10);
    expect(d.flying(1000 + SETTLE_MS - 1)).toBe(true);
    expect(d.untilSettled(1000 + 100)).toBe(SETTLE_MS - 100);
    expect(d.flying(1000 + SETTLE_MS)).toBe(false);
    const slow = new FlingDetector();
    slow.moved(100, 0, 10);
    let t = 0;
    for (let i = 0; i < 20; i++) slow.moved(1, (t += FRAME_MS), 10);
    expect(slow.flying(t)).toBe(false);
  });
});

const msgs = (ids: number[]) => ids.map((id) => ({ id }) as Message);

describe('FeedFlight (rows moved between renders)', () => {
  it('finds ids by binary search', () => {
    const list = msgs([2, 5, 9, 14, 20]);
    expect(list.map((m) => indexOfId(list, m.id))).toEqual([0, 1, 2, 3, 4]);
    expect(indexOfId(list, 6)).toBe(-1);
    expect(indexOfId([], 1)).toBe(-1);
  });

  it('does not take rows added above the view for a move', () => {
    let now = 0;
    const flight = new FeedFlight(() => now);
    const window = msgs([100, 101, 102, 103]);
    expect(flight.observe(window, 2, 1).flying).toBeNull();
    // 300 older messages prepended: the view still starts at message 102, now at index 302.
    const grown = msgs([...Array.from({ length: 300 }, (_, i) => i), 100, 101, 102, 103]);
    now += FRAME_MS;
    expect(flight.observe(grown, 302, 1).flying).toBeNull();
  });

  it('sees a fling as the first message in view jumping screens per frame, and settles', () => {
    let now = 0;
    const flight = new FeedFlight(() => now);
    const window = msgs(Array.from({ length: 1000 }, (_, i) => i + 1));
    flight.observe(window, 960, 10);
    now += FRAME_MS;
    expect(flight.observe(window, 900, 10)).toMatchObject({ flying: 'older', heading: null });
    now += FRAME_MS;
    expect(flight.observe(window, 840, 10)).toMatchObject({ flying: 'older', heading: 'older' });
    expect(flight.untilSettled()).toBe(SETTLE_MS);
    now += SETTLE_MS;
    // Still: drawn in full, but still heading that way (waiting at the edge is not reading).
    expect(flight.observe(window, 840, 10)).toEqual({ flying: null, heading: 'older' });
    // Rows added above keep it so; a move at a reading pace ends it.
    const grown = msgs([...Array.from({ length: 400 }, (_, i) => -400 + i), ...window.map((m) => m.id)]);
    now += FRAME_MS;
    expect(flight.observe(grown, 1240, 10)).toEqual({ flying: null, heading: 'older' });
    now += FRAME_MS;
    expect(flight.observe(grown, 1238, 10)).toEqual({ flying: null, heading: null });
    now += FRAME_MS;
    expect(flight.observe(grown, 1300, 10)).toEqual({ flying: 'newer', heading: null });
    now += FRAME_MS;
    expect(flight.observe(grown, 1360, 10)).toEqual({ flying: 'newer', heading: 'newer' });
  });

  it('ignores the opening scroll, before the feed has settled', () => {
    let now = 0;
    const flight = new FeedFlight(() => now);
    const window = msgs(Array.from({ length: 100 }, (_, i) => i + 1));
    flight.observe(window, 0, 10, false);
    now += FRAME_MS;
    expect(flight.observe(window, 90, 10, false).flying).toBeNull();
    now += FRAME_MS;
    expect(flight.observe(window, 90, 10, true).flying).toBeNull();
  });

  it('ignores a first message it no longer holds', () => {
    let now = 0;
    const flight = new FeedFlight(() => now);
    flight.observe(msgs([1, 2, 3]), 0, 1);
    now += FRAME_MS;
    expect(flight.observe(msgs([500, 501, 502]), 2, 1).flying).toBeNull();
  });
});
