import { describe, expect, it } from 'vitest';
import { Realm } from '../../../server/realm/realm';
import { seed } from '../../../server/seed';
import { renderMarkdown } from '../../../server/render/markdown';
import { htmlDiff } from '../../../server/render/diff';
import { unicodeEmoji } from '../../../server/realm/emoji';
import { addLinkifier, expandUrlTemplate } from '../../../server/realm/linkifiers';

function demo(): Realm {
  const realm = new Realm();
  seed(realm, 'demo');
  return realm;
}

describe('rendering (server/render)', () => {
  it('renders ```quote as a block quote of markdown and ```spoiler as a hidden block; quoted mentions mention nobody', () => {
    const realm = demo();
    const quoted = renderMarkdown(
      realm,
      '@_**Ben|2** said:\n```quote\nShip it on **Friday** @**Ada Park**\n```',
    );
    expect(quoted.html).toMatch(
      /<blockquote>\s*<p>Ship it on <strong>Friday<\/strong> <span class="user-mention"/,
    );
    expect(quoted.html).not.toContain('<code');
    expect(quoted.mentions.userIds.size).toBe(0);
    const spoiler = renderMarkdown(realm, '```spoiler The *ending*\nEveryone lives.\n```');
    expect(spoiler.html).toBe(
      '<div class="spoiler-block"><div class="spoiler-header">The <em>ending</em></div><div class="spoiler-content" aria-hidden="true"><p>Everyone lives.</p>\n</div></div>',
    );
    expect(renderMarkdown(realm, '```js\nlet x;\n```').html).toContain('<code class="language-js">');
  });

  it('renders a global time as a <time> of its instant in UTC holding what was written, as the real service', () => {
    const realm = demo();
    const html = (content: string) => renderMarkdown(realm, content).html;
    expect(html('<time:1496701800>')).toBe('<p><time datetime="2017-06-05T22:30:00Z">1496701800</time></p>');
    expect(html('at <time:2024-06-01T15:00:00+05:30>!')).toBe(
      '<p>at <time datetime="2024-06-01T09:30:00Z">2024-06-01T15:00:00+05:30</time>!</p>',
    );
    // No zone: UTC.
    expect(html('<time:2024-06-01 15:00>')).toContain('<time datetime="2024-06-01T15:00:00Z">');
    expect(html('<time:the Ides of March>')).toBe(
      '<p><span class="timestamp-error">Invalid time format: the Ides of March</span></p>',
    );
    expect(html('`<time:1496701800>`')).toBe('<p><code>&lt;time:1496701800&gt;</code></p>');
  });

  it("links to channels and topics in the real service's hash form", () => {
    const { html } = renderMarkdown(demo(), '#**engineering>deploy pipeline**');
    expect(html).toMatch(/href="\/#narrow\/channel\/\d+-engineering\/topic\/deploy\.20pipeline"/);
  });

  it('links to a message with #**channel>topic@id**, near it, as the real service does', () => {
    const { html } = renderMarkdown(demo(), 'see #**engineering>deploy pipeline@35**');
    expect(html).toMatch(
      /<a class="message-link" href="\/#narrow\/channel\/\d+-engineering\/topic\/deploy\.20pipeline\/near\/35">#engineering &gt; deploy pipeline @ 💬<\/a>/,
    );
  });

  it('escapes raw HTML instead of passing it through', () => {
    const { html } = renderMarkdown(demo(), '<script>alert(1)</script> <b>x</b>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('expands linkifier named groups into the URL template, percent-encoded', () => {
    const realm = demo();
    addLinkifier(
      realm,
      '(?P<org>[a-z]+)/(?P<repo>[a-z-]+)#(?P<id>[0-9]+)',
      'https://code.example/{org}/{repo}/pull/{id}',
    );
    const { html } = renderMarkdown(realm, 'see acme/web-app#17 now');
    expect(html).toContain('<a href="https://code.example/acme/web-app/pull/17"');
    expect(expandUrlTemplate('https://x.example/?q={q}', { q: 'a b/c&d' })).toBe(
      'https://x.example/?q=a%20b%2Fc%26d',
    );
    // Reserved expansion could smuggle `/`, `?` and `#` into the URL: not a template this server takes.
    expect(expandUrlTemplate('https://x.example/{+path}', { path: 'a/b c' })).toBeNull();
  });

  it('does not linkify inside code or existing links', () => {
    const realm = demo();
    expect(renderMarkdown(realm, '`#12`').html).not.toContain('tracker.northwind.example');
    const linked = renderMarkdown(realm, '[#12](https://elsewhere.example/)').html;
    expect(linked).not.toContain('tracker.northwind.example');
  });

  it('collects mentions: users, silent users, groups, channel and topic wildcards', () => {
    const realm = demo();
    const dmitri = [...realm.users.values()].find((u) => u.full_name === 'Dmitri Ivanov')!;
    const backend = [...realm.groups.values()].find((g) => g.name === 'backend')!;
    const r = renderMarkdown(realm, `@**Dmitri Ivanov** @_**Ada Park** @*backend* @**all** @**topic**`);
    expect([...r.mentions.userIds]).toEqual([dmitri.user_id]);
    expect([...r.mentions.groupIds]).toEqual([backend.id]);
    expect(r.mentions.streamWildcard).toBe(true);
    expect(r.mentions.topicWildcard).toBe(true);
    expect(r.html).toContain('class="user-mention silent"');
    const unknown = renderMarkdown(realm, '@**Nobody Here**');
    expect(unknown.html).toBe('<p>@<strong>Nobody Here</strong></p>');
    expect(unknown.mentions.userIds.size).toBe(0);
  });

  it('marks inserted and deleted words in content_html_diff, keeping tags balanced', () => {
    const diff = htmlDiff(
      '<p>one <strong>two</strong> three</p>',
      '<p>one <strong>2</strong> three four</p>',
    );
    expect(diff).toContain('<span class="highlight_text_deleted">two</span>');
    expect(diff).toContain('<span class="highlight_text_inserted">2</span>');
    expect(diff).toContain('<span class="highlight_text_inserted">four</span>');
    const opens = (diff.match(/<strong>/g) ?? []).length;
    const closes = (diff.match(/<\/strong>/g) ?? []).length;
    expect(opens).toBe(closes);
    expect(diff.startsWith('<p>')).toBe(true);
    expect(diff.endsWith('</p>')).toBe(true);
  });

  it('keeps word boundaries where text was deleted: a struck run never touches the next word', () => {
    const text = (html: string) => html.replace(/<[^>]*>/g, '');
    const deleted = (html: string) =>
      [...html.matchAll(/<span class="highlight_text_deleted">([^<]*)<\/span>/g)].map((m) => m[1]);
    const replaced = htmlDiff('<p>Ship it and then some</p>', '<p>Ship it edited!</p>');
    expect(text(replaced)).toBe('Ship it and then some edited!');
    expect(deleted(replaced)).toEqual(['and then some']);
    expect(text(htmlDiff('<p>a b c</p>', '<p>a c</p>'))).toBe('a b c');
    expect(text(htmlDiff('<p>one and</p>', '<p>one</p>'))).toBe('one and');
    // Removed block boundaries (list items, paragraphs) read as spaces, not glue.
    const blocks = htmlDiff(
      '<ul>\n<li>item one</li>\n<li>item two</li>\n</ul>\n<blockquote>\n<p>a quote</p>\n</blockquote>',
      '<p>replaced</p>',
    );
    expect(deleted(blocks).join(' ')).toBe('item one item two a quote');
    expect(text(blocks)).toMatch(/a quote replaced/);
  });

  it("knows the service's short emoji names beyond the hand-picked aliases (:sweat_smile:, :thumbsup:)", () => {
    const { codeByName } = unicodeEmoji();
    expect(codeByName.get('sweat_smile')).toBe('1f605');
    expect(codeByName.get('thumbsup')).toBe('1f44d');
    expect(codeByName.get('+1')).toBe('1f44d');
    // The table's own (gemoji's) names stay first.
    expect(unicodeEmoji().namesByCode.get('1f44d')![0]).toBe('+1');
  });
});
