import { describe, expect, it } from 'vitest';
import { tokenAt } from '../../../../renderer/src/features/compose/autocomplete/token';

/** The token with the caret at the end of `text`, or where `|` marks it. */
function at(marked: string) {
  const caret = marked.includes('|') ? marked.indexOf('|') : marked.length;
  return tokenAt(marked.replace('|', ''), caret);
}

describe('tokenAt', () => {
  it('finds a mention being typed, with its start, silent or not', () => {
    expect(at('Thanks @Be')).toEqual({ kind: 'mention', query: 'Be', silent: false, start: 7 });
    expect(at('@')).toEqual({ kind: 'mention', query: '', silent: false, start: 0 });
    expect(at('as @_chl')).toEqual({ kind: 'mention', query: 'chl', silent: true, start: 3 });
    expect(at('@**Ben Ok')).toEqual({ kind: 'mention', query: 'Ben Ok', silent: false, start: 0 });
    expect(at('(@ada')).toEqual({ kind: 'mention', query: 'ada', silent: false, start: 1 });
  });

  it('opens nothing inside a word, after a finished mention, or for a query starting with a space', () => {
    expect(at('ada@example')).toBeNull();
    expect(at('@**Ben Okafor** thanks')).toBeNull();
    expect(at('@ ben')).toBeNull();
    expect(at('email me at a@b')).toBeNull();
  });

  it('opens nothing inside code: a code span or a fenced code block', () => {
    expect(at('run `npm @sc')).toBeNull();
    expect(at('``a ` @b')).toBeNull();
    expect(at('`x` then @be')).toEqual({ kind: 'mention', query: 'be', silent: false, start: 9 });
    expect(at('```\n@ada')).toBeNull();
    expect(at('```python\nx = :sm')).toBeNull();
    expect(at('```\ncode\n```\n@ada')).toEqual({ kind: 'mention', query: 'ada', silent: false, start: 13 });
    // A code fence inside a code block is its text, and only a bare fence as long closes it.
    expect(at('````\n```js\n```\n#gen')).toBeNull();
    expect(at('````\n```\n````\n#gen')).toEqual({ kind: 'channel', query: 'gen', start: 14 });
  });

  it('still opens inside quote and spoiler blocks, whose content is markdown', () => {
    expect(at('```quote\n@ada')).toEqual({ kind: 'mention', query: 'ada', silent: false, start: 9 });
    expect(at('~~~spoiler Plot\n:oc')).toEqual({ kind: 'emoji', query: 'oc', start: 16 });
    // A bare fence closes the quote; one with an info string inside it opens code.
    expect(at('```quote\n```\n@ada')).toEqual({ kind: 'mention', query: 'ada', silent: false, start: 13 });
    expect(at('```quote\n```js\n@ada')).toBeNull();
  });

  it('only looks at the text before the caret, on its line', () => {
    expect(at('@Be|n and more')).toEqual({ kind: 'mention', query: 'Be', silent: false, start: 0 });
    expect(at('first line @ada\nsecond')).toBeNull();
    expect(at('first\n@gr')).toEqual({ kind: 'mention', query: 'gr', silent: false, start: 6 });
  });

  it('finds a channel, and a topic after > in each way of writing it', () => {
    expect(at('see #gen')).toEqual({ kind: 'channel', query: 'gen', start: 4 });
    expect(at('see #**gen')).toEqual({ kind: 'channel', query: 'gen', start: 4 });
    expect(at('#')).toEqual({ kind: 'channel', query: '', start: 0 });
    const topic = { kind: 'topic', channel: 'general', query: 'off', start: 4 };
    expect(at('see #general>off')).toEqual(topic);
    expect(at('see #**general>off')).toEqual(topic);
    expect(at('see #**general**>off')).toEqual(topic);
    expect(at('see #**general** >off')).toEqual(topic);
    expect(at('#**design team>')).toEqual({ kind: 'topic', channel: 'design team', query: '', start: 0 });
  });

  it('leaves a markdown heading and a finished channel link alone', () => {
    expect(at('# Heading')).toBeNull();
    expect(at('see #**general** now')).toBeNull();
    expect(at('issue#12')).toBeNull();
  });

  it('finds emoji after two characters, not in times or smileys', () => {
    expect(at('Party :oc')).toEqual({ kind: 'emoji', query: 'oc', start: 6 });
    expect(at(':+1')).toEqual({ kind: 'emoji', query: '+1', start: 0 });
    expect(at('Party :o')).toBeNull();
    expect(at('at 12:30')).toBeNull();
    expect(at('ok :)')).toBeNull();
  });

  it('offers snippets only for / at the very start of the message', () => {
    expect(at('/stand')).toEqual({ kind: 'snippet', query: 'stand', start: 0 });
    expect(at('/')).toEqual({ kind: 'snippet', query: '', start: 0 });
    expect(at('either/or')).toBeNull();
    expect(at('hello\n/stand')).toBeNull();
    expect(at('/ space')).toBeNull();
  });

  it('gives up on a query too long to be a name', () => {
    expect(at(`@${'a'.repeat(61)}`)).toBeNull();
    expect(at(`@${'a'.repeat(60)}`)).not.toBeNull();
  });
});
