import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../../../shared/failures';
import { feedRefusal } from '../../../../renderer/src/features/messages/feed-refusal';

const search = (query: string) => ({ kind: 'search' as const, query });
const refused = (msg: string) =>
  new ApiCallError({ kind: 'api', status: 400, code: 'BAD_NARROW', msg, extra: {} });

describe('feedRefusal', () => {
  it('says which part of a search is not understood, before any answer', () => {
    expect(feedRefusal(search('has:video'), null)).toBe(
      'Search does not understand “has:video”: has: can be link, image, attachment or reaction.',
    );
    expect(feedRefusal(search('is:unknownthing table'), null)).toMatch(
      /^Search does not understand “is:unknownthing”: is: can be unread, read, starred/,
    );
    expect(feedRefusal(search('channel:general near:abc'), null)).toBe(
      'Search does not understand “near:abc”: near: takes a message ID (a number).',
    );
  });

  it('takes a refusal of the view by the server as final; other failures and good searches are not', () => {
    expect(
      feedRefusal(search('sender:nobody@x.example'), refused('Invalid narrow operator: unknown user')),
    ).toBe('The server cannot show this search: Invalid narrow operator: unknown user.');
    const down = new ApiCallError({ kind: 'server', status: 503, message: 'Service unavailable' });
    expect(feedRefusal(search('has:link near:12 -is:read'), down)).toBeNull();
    expect(feedRefusal({ kind: 'channel', streamId: 3 }, null)).toBeNull();
  });
});
