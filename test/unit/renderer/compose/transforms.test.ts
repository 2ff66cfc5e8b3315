import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  bold,
  code,
  formatForKey,
  italic,
  link,
  quote,
  spoiler,
  type TextEdit,
} from '../../../../renderer/src/features/compose/format/transforms';

/** Applies a transform to text where `[` and `]` mark the selection; returns the result marked the same way. */
function run(transform: (s: { text: string; start: number; end: number }) => TextEdit, marked: string) {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  const text = marked.replace('[', '').replace(']', '');
  const edit = transform({ text, start, end });
  const next = applyEdit(text, edit);
  return `${next.slice(0, edit.selectStart)}[${next.slice(edit.selectStart, edit.selectEnd)}]${next.slice(edit.selectEnd)}`;
}

describe('formatting transforms', () => {
  it('bold wraps the selection, inserts a selected placeholder, and unwraps bold text', () => {
    expect(run(bold, 'make this [loud]')).toBe('make this **[loud]**');
    expect(run(bold, 'make this []')).toBe('make this **[bold text]**');
    expect(run(bold, 'make this **[loud]**')).toBe('make this [loud]');
  });

  it('italic wraps and unwraps, and does not mistake bold for italic', () => {
    expect(run(italic, 'a [word] here')).toBe('a *[word]* here');
    expect(run(italic, 'a *[word]* here')).toBe('a [word] here');
    expect(run(italic, 'a **[word]** here')).toBe('a ***[word]*** here');
    expect(run(italic, 'a ***[word]*** here')).toBe('a **[word]** here');
    expect(run(bold, 'a ***[word]*** here')).toBe('a *[word]* here');
    expect(run(italic, '[]')).toBe('*[italic text]*');
  });

  it('link makes the selection the text and selects the url to type', () => {
    expect(run(link, 'read [the docs] now')).toBe('read [the docs]([url]) now');
    expect(run(link, 'read []')).toBe('read [[link text]](url)');
    // A selected address becomes the link's target, and its text is to be typed.
    expect(run(link, 'see [https://example.com/a]')).toBe('see [[link text]](https://example.com/a)');
  });

  it('code is inline on one line (toggled), a block for several lines', () => {
    expect(run(code, 'run [npm ci] first')).toBe('run `[npm ci]` first');
    expect(run(code, 'run `[npm ci]` first')).toBe('run [npm ci] first');
    expect(run(code, 'see:[a\nb]')).toBe('see:\n```\n[a\nb]\n```');
    expect(run(code, '[]')).toBe('`[code]`');
  });

  it('quote and spoiler put a block on lines of their own', () => {
    expect(run(quote, 'as said: [be kind] ok')).toBe('as said: \n```quote\n[be kind]\n```\n ok');
    expect(run(quote, '[]')).toBe('```quote\n[quoted text]\n```');
    expect(run(spoiler, '[The butler]')).toBe('```spoiler [Spoiler]\nThe butler\n```');
    expect(run(spoiler, 'x\n[]')).toBe('x\n```spoiler Spoiler\n[hidden content]\n```');
  });

  it('maps the real service’s shortcuts', () => {
    const key = (
      k: string,
      mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
    ) => formatForKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(key('b', { ctrlKey: true })).toBe('bold');
    expect(key('i', { metaKey: true })).toBe('italic');
    expect(key('L', { ctrlKey: true, shiftKey: true })).toBe('link');
    expect(key('l', { ctrlKey: true })).toBeNull();
    expect(key('b')).toBeNull();
    expect(key('b', { ctrlKey: true, altKey: true })).toBeNull();
  });
});
