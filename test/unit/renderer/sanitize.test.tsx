// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import DOMPurify from 'dompurify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SafeHtml, sanitizeHtml, setServerBase } from '../../../renderer/src/components/SafeHtml';
import { useExternalImagesStore } from '../../../renderer/src/state/external-images';
import { setup } from './render-helpers';

// Hostile HTML as a server (or a message author) could send it: what the sanitizer must drop,
// rewrite or hold back before anything reaches the DOM.

afterEach(cleanup);
beforeEach(() => {
  setServerBase('https://chat.example');
  act(() => useExternalImagesStore.getState().setLoadHttps(false));
});

const parse = (html: string) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder;
};

describe('sanitizeHtml: inert containers', () => {
  it.each([
    ['<template><img src=x onerror=alert(1)><a href="https://e.example">t</a></template>'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
    ['<noembed><img src=x onerror=alert(1)></noembed>'],
    ['<noframes><img src=x onerror=alert(1)></noframes>'],
    ['<xmp><img src=x onerror=alert(1)></xmp>'],
    ['<title>hidden</title>'],
    ['<dialog open>over everything</dialog>'],
    ['<slot>slot</slot>'],
  ])('drops %s with what it holds', (html) => {
    const out = sanitizeHtml(`<p>before</p>${html}<p>after</p>`);
    // (The noscript payload swallows "after" as it is meant to; what matters is what survives.)
    expect(out).toMatch(/^<p>before<\/p>(<p>after<\/p>)?$/);
  });
});

describe('sanitizeHtml: links', () => {
  it('gives every HTML and SVG link rel="noopener noreferrer", no target and no ping', () => {
    const root = parse(
      sanitizeHtml(
        '<a href="https://a.example" target="_top" ping="https://track.example">a</a>' +
          '<svg><a xlink:href="https://b.example/"><text>b</text></a><a href="/c"><text>c</text></a></svg>' +
          '<map name="m"><area href="https://d.example/" shape="rect" coords="0,0,1,1"></map>',
      ),
    );
    const links = [...root.querySelectorAll('a, area')];
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.hasAttribute('target')).toBe(false);
      expect(link.hasAttribute('ping')).toBe(false);
      expect(link.hasAttributeNS('http://www.w3.org/1999/xlink', 'href')).toBe(false);
    }
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://a.example/',
      'https://b.example/',
      'https://chat.example/c',
      'https://d.example/',
    ]);
  });

  it('opens SVG links and image-map areas outside the app, like any other link', () => {
    const { bridge, render } = setup();
    render(
      <SafeHtml
        testId="html"
        html={
          '<svg><a xlink:href="https://svg.example/"><text>svg link</text></a></svg><a href="javascript:alert(1)">js</a>'
        }
      />,
    );
    fireEvent.click(screen.getByText('svg link'));
    fireEvent.click(screen.getByText('js'));
    expect(bridge.opened).toEqual(['https://svg.example/']);
  });
});

describe('sanitizeHtml: images from other hosts', () => {
  it('keeps the server’s own images and inline data', () => {
    const root = parse(
      sanitizeHtml(
        '<img src="/user_uploads/1/a.png"><img src="https://chat.example/external_content/abc"><img src="data:image/png;base64,AAAA">',
      ),
    );
    expect([...root.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://chat.example/user_uploads/1/a.png',
      'https://chat.example/external_content/abc',
      'data:image/png;base64,AAAA',
    ]);
  });

  it('replaces an external https image with a button naming its host, and never loads plain http', () => {
    const root = parse(
      sanitizeHtml(
        '<img alt="pixel" src="https://tracker.example/p.gif?u=1"><img src="http://plain.example/p.gif">' +
          '<img src="//proto-relative.example/p.gif"><img src="ftp://files.example/p.gif">',
      ),
    );
    expect(root.querySelectorAll('img')).toHaveLength(1); // the ftp one, with no src left
    expect(root.querySelector('img')!.hasAttribute('src')).toBe(false);
    const button = root.querySelector('button.external-image')!;
    expect(button.textContent).toBe('Load image “pixel” from tracker.example');
    expect(root.querySelectorAll('button.external-image')).toHaveLength(2);
    expect(root.querySelector('.external-image-blocked')!.textContent).toBe(
      'Image from plain.example not loaded: it is not served over https',
    );
    expect(root.innerHTML).not.toMatch(/src="(https?:)?\/\/(tracker|plain|proto-relative)/);
  });

  it('drops every other way to fetch from another host: srcset, poster, SVG image hrefs', () => {
    const out = sanitizeHtml(
      '<img src="/ok.png" srcset="https://t.example/1x.png 1x">' +
        '<video poster="https://t.example/poster.png" src="https://t.example/v.mp4"></video>' +
        '<svg><image href="https://t.example/svg.png"></image><image xlink:href="https://t.example/x.png"></image></svg>' +
        '<table background="https://t.example/bg.png"><tr><td>x</td></tr></table>',
    );
    expect(out).not.toContain('https://t.example');
    expect(out).toContain('src="https://chat.example/ok.png"');
  });

  it('ignores a mark forged by the server', () => {
    const out = sanitizeHtml('<span data-external-image="https://evil.example/x.png">x</span>');
    expect(out).toBe('<span>x</span>');
  });

  it('loads an https image after a click on its button, without a referrer; http never', () => {
    const { render } = setup();
    render(
      <SafeHtml
        testId="html"
        html={'<p><img src="https://tracker.example/p.gif"> <img src="http://plain.example/p.gif"></p>'}
      />,
    );
    const html = screen.getByTestId('html');
    expect(html.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByText('Load image from tracker.example'));
    const img = html.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://tracker.example/p.gif');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(html.textContent).toContain('plain.example not loaded');
  });

  it('loads https images at once when the user chose to, and remembers it on this computer', () => {
    act(() => useExternalImagesStore.getState().setLoadHttps(true));
    expect(localStorage.getItem('teamchat.loadExternalImages')).toBe('https');
    const { render } = setup();
    render(
      <SafeHtml
        testId="html"
        html={'<img src="https://cdn.example/a.png"><img src="http://cdn.example/b.png">'}
      />,
    );
    const images = screen.getByTestId('html').querySelectorAll('img');
    expect([...images].map((img) => img.getAttribute('src'))).toEqual(['https://cdn.example/a.png']);
  });

  it('keeps a table column’s alignment as a class, and no inline style', () => {
    const out = sanitizeHtml(
      '<table><thead><tr><th style="text-align: center">a</th><th>b</th></tr></thead><tbody><tr><td style="text-align: right">1</td><td style="color: red">2</td></tr></tbody></table>',
    );
    const table = document.createElement('div');
    table.innerHTML = out;
    expect(out).not.toContain('style=');
    expect(table.querySelector('th')!.className).toBe('align-center');
    expect(table.querySelector('td')!.className).toBe('align-right');
    expect(table.querySelectorAll('td')[1]!.className).toBe('');
  });
});

describe('sanitizeHtml: mentions of the reader', () => {
  it('marks a mention of the reader and a wildcard, not anyone else’s, nor a mark the server forged', () => {
    const html = [
      '<span class="user-mention" data-user-id="7">@Ada</span>',
      '<span class="user-mention" data-user-id="*">@all</span>',
      '<span class="user-mention user-mention-me" data-user-id="8">@Ben</span>',
    ].join(' ');
    const marked = [...parse(sanitizeHtml(html, undefined, { userId: 7 })).querySelectorAll('span')];
    expect(marked.map((span) => span.classList.contains('user-mention-me'))).toEqual([true, true, false]);
    const unknownReader = parse(sanitizeHtml(html)).querySelectorAll('.user-mention-me');
    expect(unknownReader).toHaveLength(1);
  });

  it('marks @topic and a group the reader is in; not a silent mention of the reader or of everyone', () => {
    const html = [
      '<span class="user-mention silent" data-user-id="7">Ada</span>',
      '<span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span>',
      '<span class="topic-mention">@topic</span>',
      '<span class="topic-mention silent">topic</span>',
      '<span class="user-group-mention" data-user-group-id="9">@backend</span>',
      '<span class="user-group-mention silent" data-user-group-id="9">backend</span>',
      '<span class="user-group-mention" data-user-group-id="10">@frontend</span>',
    ].join(' ');
    const reader = { userId: 7, isInGroup: (group: number) => group === 9 };
    const marked = [...parse(sanitizeHtml(html, undefined, reader)).querySelectorAll('span')];
    expect(marked.map((span) => span.classList.contains('user-mention-me'))).toEqual([
      false,
      false,
      true,
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('sanitizeHtml: names as they are now', () => {
  const names = {
    user: (id: number) => ({ 7: 'Ada Lovelace-Park' })[id],
    group: (id: number) => ({ 9: 'platform' })[id],
    channel: (id: number) => ({ 3: 'design-team' })[id],
  };

  it('shows mentions and channel links with the current names, silent ones without @', () => {
    const html = [
      '<span class="user-mention" data-user-id="7">@Ada Park</span>',
      '<span class="user-mention silent" data-user-id="7">Ada Park</span>',
      '<span class="user-group-mention" data-user-group-id="9">@backend</span>',
      '<span class="user-group-mention silent" data-user-group-id="9">backend</span>',
      '<a class="stream" data-stream-id="3" href="/#narrow/channel/3-design">#design</a>',
      '<a class="stream-topic" data-stream-id="3" href="/#narrow/channel/3-design/topic/logo">#design &gt; logo &gt; v2</a>',
    ].join(' ');
    const shown = [...parse(sanitizeHtml(html, undefined, { userId: 1, names })).querySelectorAll('span, a')];
    expect(shown.map((node) => node.textContent)).toEqual([
      '@Ada Lovelace-Park',
      'Ada Lovelace-Park',
      '@platform',
      'platform',
      '#design-team',
      '#design-team > logo > v2',
    ]);
    // Still a link, still marked as calling on the reader where it did.
    expect(shown[4]!.getAttribute('href')).toBe('https://chat.example/#narrow/channel/3-design');
  });

  it('leaves as written a wildcard, an id no longer known, a search hit inside, and text without a reader', () => {
    const html = [
      '<span class="user-mention" data-user-id="*">@all</span>',
      '<span class="user-mention" data-user-id="99">@Gone Person</span>',
      '<span class="user-mention" data-user-id="7">@<span class="highlight">Ada</span> Park</span>',
      '<a class="stream" data-stream-id="44" href="/#narrow/channel/44-old">#old</a>',
    ].join(' ');
    const texts = (reader?: Parameters<typeof sanitizeHtml>[2]) =>
      [...parse(sanitizeHtml(html, undefined, reader)).children].map((node) => node.textContent);
    const asWritten = ['@all', '@Gone Person', '@Ada Park', '#old'];
    expect(texts({ userId: 1, names })).toEqual(asWritten);
    expect(texts()).toEqual(asWritten);
  });
});

describe('sanitizeHtml: global times', () => {
  const html = '<p>Call at <time datetime="2024-06-01T12:00:00Z">2024-06-01T12:00:00Z</time></p>';

  it('shows a global time in the reader’s zone and clock, with what was written as its tooltip', () => {
    const instant = new Date('2024-06-01T12:00:00Z');
    const twelve = parse(sanitizeHtml(html, undefined, { userId: 7 })).querySelector('time')!;
    expect(twelve.textContent).not.toContain('2024-06-01T');
    expect(twelve.textContent).toContain('2024');
    expect(twelve.textContent).toContain(
      instant.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit', hour12: true }),
    );
    expect(twelve.getAttribute('title')).toContain('2024-06-01T12:00:00Z');
    const reader = { userId: 7, twentyFourHourTime: true };
    const twentyFour = parse(sanitizeHtml(html, undefined, reader)).querySelector('time')!;
    expect(twentyFour.textContent).toContain(
      instant.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit', hour12: false }),
    );
  });

  it('leaves a time it cannot read as the server sent it', () => {
    const odd = parse(sanitizeHtml('<time datetime="soon">soon-ish</time>')).querySelector('time')!;
    expect(odd.textContent).toBe('soon-ish');
  });
});

describe('sanitizeHtml: classes and ids', () => {
  it('keeps the classes of the service’s content markup and drops the app’s own', () => {
    const out = parse(
      sanitizeHtml(
        [
          '<div class="lightbox"><p class="dialog-backdrop main-notice">Session expired</p></div>',
          '<span class="user-mention silent lightbox" data-user-id="3">Ben</span>',
          '<span class="emoji emoji-1f44d">:+1:</span>',
          '<div class="codehilite" data-code-language="Python"><pre><code>x</code></pre></div>',
          '<table><tr><td style="text-align: center">c</td></tr></table>',
        ].join(''),
      ),
    );
    expect(out.querySelector('.lightbox, .dialog-backdrop, .main-notice')).toBeNull();
    expect(out.querySelector('div')!.hasAttribute('class')).toBe(false);
    expect(out.querySelector('span')!.className).toBe('user-mention silent');
    expect(out.querySelector('span.emoji')!.className).toBe('emoji emoji-1f44d');
    expect(out.querySelector('.codehilite')).not.toBeNull();
    expect(out.querySelector('td')!.className).toBe('align-center');
  });

  it('keeps server ids and names apart from the app’s', () => {
    const out = parse(sanitizeHtml('<p id="root">x</p><a name="compose" href="https://e.example">y</a>'));
    expect(out.querySelector('p')!.id).toBe('user-content-root');
    expect(out.querySelector('a')!.getAttribute('name')).toBe('user-content-compose');
  });
});

describe('sanitizeHtml: cleaned once per source', () => {
  const reader = (userId: number) => ({
    userId,
    twentyFourHourTime: false,
    isInGroup: () => false,
    names: { user: () => undefined, group: () => undefined, channel: () => undefined },
  });

  it('gives a source cleaned before without cleaning it again, for the same reader and preference', () => {
    const sanitize = vi.spyOn(DOMPurify, 'sanitize');
    try {
      const ada = reader(1);
      const html =
        '<p>Hello <span class="user-mention" data-user-id="1">@Ada</span> <a href="/#narrow/channel/1">here</a></p>';
      const first = sanitizeHtml(html, undefined, ada);
      expect(sanitizeHtml(html, undefined, ada)).toBe(first);
      expect(sanitize).toHaveBeenCalledTimes(1);
      // Another reader has other mentions of them; another image preference other images.
      expect(sanitizeHtml(html, undefined, reader(2))).not.toBe(first);
      sanitizeHtml(html, { loadExternalHttps: true, allowed: new Set() }, ada);
      expect(sanitize).toHaveBeenCalledTimes(3);
      // A new server: its links resolve elsewhere, so nothing kept is used.
      setServerBase('https://other.example');
      const elsewhere = sanitizeHtml(html, undefined, ada);
      expect(sanitize).toHaveBeenCalledTimes(4);
      expect(parse(elsewhere).querySelector('a')!.getAttribute('href')).toContain('other.example');
    } finally {
      sanitize.mockRestore();
    }
  });

  it('keeps a bounded number, dropping the least recently used first', () => {
    const sanitize = vi.spyOn(DOMPurify, 'sanitize');
    try {
      const source = (i: number) => `<p>message ${i}</p>`;
      sanitizeHtml(source(0));
      for (let i = 1; i <= 3000; i++) {
        sanitizeHtml(source(i));
        // Message 0 stays in use, so it is never the one dropped.
        if (i % 1000 === 0) sanitizeHtml(source(0));
      }
      const calls = sanitize.mock.calls.length;
      sanitizeHtml(source(0));
      expect(sanitize).toHaveBeenCalledTimes(calls);
      sanitizeHtml(source(1));
      expect(sanitize).toHaveBeenCalledTimes(calls + 1);
    } finally {
      sanitize.mockRestore();
    }
  });
});
