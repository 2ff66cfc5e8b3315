import { describe, expect, it } from 'vitest';
import {
  currentWord,
  replaceCurrentWord,
  suggest,
} from '../../../../renderer/src/features/search/search-suggestions';

const sources = {
  channels: ['general', 'engineering', 'design'],
  people: [
    { email: 'grace@partner.example', fullName: 'Grace Kim' },
    { email: 'ben@northwind.example', fullName: 'Ben Okafor' },
  ],
  topics: ['deploy pipeline', 'release notes'],
};

const replacements = (word: string) => suggest(word, sources).map((s) => s.replacement);

describe('search suggestions', () => {
  it('finds the word being typed, and replaces only it', () => {
    expect(currentWord('channel:general tab')).toBe('tab');
    expect(currentWord('channel:general ')).toBe('');
    expect(currentWord('topic:"deploy pi')).toBe('topic:"deploy pi');
    expect(replaceCurrentWord('table sen', 'sender:')).toBe('table sender:');
  });

  it('offers operators by prefix (negated too), and channels and people by name', () => {
    expect(replacements('sen')).toEqual(['sender:']);
    // Operators first, then names containing the letters, all negated.
    expect(replacements('-i').slice(0, 3)).toEqual(['-is:', '-id:', '-channel:engineering']);
    expect(replacements('des')).toEqual(['channel:design']);
    expect(replacements('grace')).toEqual(['sender:grace@partner.example']);
    expect(suggest('', sources)).toEqual([]);
  });

  it('offers operands: channels, people for sender/dm, topics (quoted), is: and has: values', () => {
    expect(replacements('channel:eng')).toEqual(['channel:engineering']);
    expect(replacements('stream:gen')).toEqual(['channel:general']);
    expect(replacements('dm:okafor')).toEqual(['dm:ben@northwind.example']);
    expect(replacements('topic:deploy')).toEqual(['topic:"deploy pipeline"']);
    expect(replacements('topic:"release n')).toEqual(['topic:"release notes"']);
    expect(replacements('is:st')).toEqual(['is:starred']);
    expect(replacements('-is:re')).toEqual(['-is:read', '-is:resolved']);
    expect(replacements('has:')).toEqual(['has:link', 'has:image', 'has:attachment', 'has:reaction']);
    expect(replacements('colour:red')).toEqual([]);
    expect(suggest('is:st', sources)[0]).toMatchObject({ complete: true, description: 'Starred messages' });
    expect(suggest('sen', sources)[0]).toMatchObject({ complete: false });
  });

  it('offers you for sender:me and dm:me, as the real service reads them; not for dm-including', () => {
    const mine = { ...sources, selfEmail: 'ben@northwind.example' };
    expect(suggest('sender:me', mine)[0]).toMatchObject({
      replacement: 'sender:ben@northwind.example',
      description: 'Messages you sent',
    });
    expect(suggest('-dm:ME', mine)[0]?.replacement).toBe('-dm:ben@northwind.example');
    expect(suggest('dm-including:me', mine)).toEqual([]);
  });
});
