import { describe, expect, it } from 'vitest';
import { conversationLinkTarget, type LinkNames } from '../../../../renderer/src/api/conversation-links';

const base = 'https://chat.example.com';
const names: LinkNames = {
  channel: (id) => ({ 2: 'engineering', 3: 'design team' })[id],
  email: (id) => ({ 4: 'dmitri@example.com', 5: 'elena@example.com' })[id],
};
const target = (href: string) => conversationLinkTarget(href, base, 1, names);

describe('links to searches of the organization open in the app', () => {
  it('opens the words of a search link as a search', () => {
    expect(target(`${base}/#narrow/search/deploy.20pipeline`)).toEqual({
      narrow: { kind: 'search', query: 'deploy pipeline' },
      anchor: null,
    });
  });

  it('opens is:starred alone as Starred, and other filters as a search', () => {
    expect(target(`${base}/#narrow/is/starred`)).toEqual({ narrow: { kind: 'starred' }, anchor: null });
    expect(target('#narrow/is/mentioned')).toEqual({
      narrow: { kind: 'search', query: 'is:mentioned' },
      anchor: null,
    });
    expect(target('/#narrow/has/link/-is/starred')).toEqual({
      narrow: { kind: 'search', query: 'has:link -is:starred' },
      anchor: null,
    });
  });

  it('names channels and people as the search box does, by name and email', () => {
    expect(target(`${base}/#narrow/channel/3-design-team/sender/4-Dmitri/search/logo`)).toEqual({
      narrow: { kind: 'search', query: 'channel:"design team" sender:dmitri@example.com logo' },
      anchor: null,
    });
    expect(target(`${base}/#narrow/dm-including/4,5-group`)).toEqual({
      narrow: { kind: 'search', query: 'dm-including:dmitri@example.com,elena@example.com' },
      anchor: null,
    });
  });

  it('keeps a search link near its message', () => {
    expect(target(`${base}/#narrow/channel/2-engineering/search/deploy/near/35`)).toEqual({
      narrow: { kind: 'search', query: 'channel:engineering deploy' },
      anchor: 35,
    });
  });

  it('still opens a conversation link as its conversation, and leaves other servers alone', () => {
    expect(target(`${base}/#narrow/channel/2-engineering/topic/deploy/near/35`)).toEqual({
      narrow: { kind: 'topic', streamId: 2, topic: 'deploy' },
      anchor: 35,
    });
    expect(target('https://other.example.com/#narrow/search/deploy')).toBeNull();
    expect(target(`${base}/#narrow/colour/red`)).toBeNull();
  });
});
