// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml, setServerBase } from '../../../../renderer/src/components/SafeHtml';
import {
  renderPreview,
  type PreviewLookup,
} from '../../../../renderer/src/features/compose/preview/render-preview';
import { previewLinkifiers } from '../../../../renderer/src/features/compose/preview/linkify';
import { replaceRange } from '../../../../renderer/src/features/compose/text-edit';
import { setup } from '../render-helpers';

afterEach(cleanup);

const lookup: PreviewLookup = {
  user: (name, id) =>
    id === 7 || name.toLowerCase() === 'ben okafor' ? { id: id ?? 2, name: 'Ben Okafor' } : undefined,
  group: (name) => (name === 'backend' ? { id: 30, name } : undefined),
  channel: (name) => (name.toLowerCase() === 'general' ? { id: 1, name: 'general' } : undefined),
  emoji: (name) =>
    name === 'octopus' ? { code: '1f419' } : name === 'northwind' ? { url: '/e/n.svg' } : undefined,
};

const parse = (html: string) => {
  const holder = document.createElement('div');
  holder.innerHTML = sanitizeHtml(html);
  return holder;
};

describe('the compose preview', () => {
  it('renders markdown and the service syntax the way the server renders messages', () => {
    setServerBase('https://chat.example');
    const html = parse(
      renderPreview(
        '**Ship** it @**Ben Okafor**, @_**Ben Okafor|7** and @*backend*: see #**general>office move** :octopus: :northwind:',
        lookup,
      ),
    );
    expect(html.querySelector('strong')?.textContent).toBe('Ship');
    const mentions = html.querySelectorAll('.user-mention');
    expect([...mentions].map((m) => m.textContent)).toEqual(['@Ben Okafor', 'Ben Okafor']);
    expect(mentions[1]?.classList.contains('silent')).toBe(true);
    expect(mentions[1]?.getAttribute('data-user-id')).toBe('7');
    expect(html.querySelector('.user-group-mention')?.textContent).toBe('@backend');
    const link = html.querySelector('a.stream-topic');
    expect(link?.textContent).toBe('#general > office move');
    expect(link?.getAttribute('href')).toBe(
      'https://chat.example/#narrow/channel/1-general/topic/office.20move',
    );
    // The sanitizer turns the unicode emoji span into the character, as for messages.
    expect(html.querySelector('.emoji')?.textContent).toBe('🐙');
    expect(html.querySelector('img.emoji')?.getAttribute('src')).toBe('https://chat.example/e/n.svg');
  });

  it('renders a message link #**channel>topic@id** as the server does, near the message', () => {
    setServerBase('https://chat.example');
    const link = parse(renderPreview('see #**general>office move@35**', lookup)).querySelector(
      'a.message-link',
    );
    expect(link?.textContent).toBe('#general > office move @ 💬');
    expect(link?.getAttribute('href')).toBe(
      'https://chat.example/#narrow/channel/1-general/topic/office.20move/near/35',
    );
  });

  it('leaves unknown names to plain markdown (as the server does), and raw HTML as text', () => {
    const html = parse(renderPreview('@**Nobody** #**nowhere** :nope: <img src=x onerror=alert(1)>', lookup));
    expect(html.textContent).toBe('@Nobody #nowhere :nope: <img src=x onerror=alert(1)>');
    expect([...html.querySelectorAll('strong')].map((s) => s.textContent)).toEqual(['Nobody', 'nowhere']);
    expect(html.querySelector('.user-mention, a.stream')).toBeNull();
    expect(html.querySelector('img')).toBeNull();
  });

  it('renders a global time as the server does, not as a link', () => {
    const html = parse(renderPreview('Call at <time:2024-06-01T12:00:00Z>', lookup));
    expect(html.querySelector('a')).toBeNull();
    expect(html.querySelector('time')?.getAttribute('datetime')).toBe('2024-06-01T12:00:00Z');
  });

  it('renders quote and spoiler blocks', () => {
    const html = parse(
      renderPreview('```quote\nbe *kind*\n```\n```spoiler The end\nIt was @**Ben Okafor**\n```', lookup),
    );
    expect(html.querySelector('blockquote em')?.textContent).toBe('kind');
    expect(html.querySelector('.spoiler-header')?.textContent).toBe('The end');
    expect(html.querySelector('.spoiler-content .user-mention')?.textContent).toBe('@Ben Okafor');
  });
});

describe('spoilers in rendered content', () => {
  it('open and close with a click or Enter on the header, and say so to assistive technology', () => {
    const { render } = setup();
    render(
      <SafeHtml
        testId="content"
        html={
          '<div class="spoiler-block"><div class="spoiler-header"><p>Who won?</p></div><div class="spoiler-content" aria-hidden="true"><p>Blue</p></div></div>'
        }
      />,
    );
    const block = screen.getByTestId('content').querySelector('.spoiler-block')!;
    const header = screen.getByRole('button', { name: 'Who won?' });
    const content = block.querySelector('.spoiler-content')!;
    expect(header.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(header.querySelector('p')!);
    expect(block.classList.contains('spoiler-open')).toBe(true);
    expect(header.getAttribute('aria-expanded')).toBe('true');
    expect(content.getAttribute('aria-hidden')).toBe('false');
    fireEvent.keyDown(header, { key: 'Enter' });
    expect(block.classList.contains('spoiler-open')).toBe(false);
    expect(content.getAttribute('aria-hidden')).toBe('true');
  });

  it.each([
    ['the real service', '<div class="spoiler-header">\n</div>'],
    ['the reference server', '<div class="spoiler-header"></div>'],
  ])('names a spoiler written without a header “Spoiler” (as %s sends it)', (_, header) => {
    const { render } = setup();
    render(
      <SafeHtml
        testId="content"
        html={`<div class="spoiler-block">${header}<div class="spoiler-content" aria-hidden="true"><p>Blue</p></div></div>`}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Spoiler' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('a server cannot make another element a spoiler toggle', () => {
    const html = parse('<div class="spoiler-header">loose</div>');
    expect(html.querySelector('.spoiler-header')?.getAttribute('role')).toBeNull();
  });
});

describe('replaceRange without execCommand', () => {
  it('edits the text, tells listeners, and selects what was asked', () => {
    const el = document.createElement('textarea');
    document.body.append(el);
    el.value = 'make this loud';
    const seen: string[] = [];
    el.addEventListener('input', () => seen.push(el.value));
    replaceRange(el, 10, 14, '**loud**', { start: 12, end: 16 });
    expect(el.value).toBe('make this **loud**');
    expect(seen).toEqual(['make this **loud**']);
    expect([el.selectionStart, el.selectionEnd]).toEqual([12, 16]);
    el.remove();
  });
});

describe('the compose preview: linkifiers', () => {
  const linkifiers = previewLinkifiers([
    { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/issues/{id}' },
    { pattern: 'RFC(?P<num>[0-9]+)', url_template: 'https://www.rfc-editor.org/rfc/rfc{num}' },
    // Listed later, overlapping the first: the first wins where both match.
    { pattern: '#(?P<n>[0-9])', url_template: 'https://other.example/{n}' },
    // An older server's url_format (no url_template): not linked here.
    { pattern: 'legacy' },
  ]);

  it('links what the organization’s linkifiers match, as the sent message will be', () => {
    const html = parse(renderPreview('Issue #42 is RFC8259 material', { ...lookup, linkifiers }));
    const links = [...html.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['#42', 'https://tracker.example/issues/42'],
      ['RFC8259', 'https://www.rfc-editor.org/rfc/rfc8259'],
    ]);
  });

  it('leaves code and existing links alone', () => {
    const html = parse(
      renderPreview('`#42` and [see #7](https://example.com/x) and legacy', { ...lookup, linkifiers }),
    );
    expect([...html.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/x',
    ]);
    expect(html.querySelector('code')?.textContent).toBe('#42');
  });
});
