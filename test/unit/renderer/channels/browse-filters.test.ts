import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../../renderer/src/api/model';
import {
  channelsMatching,
  DEFAULT_BROWSE_FILTERS,
  defaultChannelsQuery,
  listedChannels,
  streamsQuery,
  type BrowseFilters,
} from '../../../../renderer/src/features/channels/browse-filters';
import {
  channelNameProblem,
  createChannelParams,
} from '../../../../renderer/src/features/channels/create-channel';

const channel = (stream_id: number, name: string, extra: Partial<Channel> = {}): Channel => ({
  stream_id,
  name,
  description: '',
  rendered_description: '',
  invite_only: false,
  is_web_public: false,
  ...extra,
});

const general = channel(1, 'general');
const random = channel(2, 'random');
const engineering = channel(3, 'engineering');
const old = channel(4, 'old-projects', { is_archived: true });
const defaults = new Set([general.stream_id, random.stream_id]);
const off: BrowseFilters = {
  public: false,
  webPublic: false,
  subscribed: false,
  all: false,
  defaultOnly: false,
  hideArchived: false,
};

describe('Browse channels filters', () => {
  it('ask GET /streams for the sources and archived rule only, never include_default', () => {
    expect(streamsQuery(DEFAULT_BROWSE_FILTERS)).toEqual({
      include_public: true,
      include_web_public: false,
      include_subscribed: true,
      include_all: false,
      exclude_archived: true,
      include_default: false,
    });
    expect(streamsQuery({ ...DEFAULT_BROWSE_FILTERS, defaultOnly: true })?.include_default).toBe(false);
    expect(streamsQuery({ ...off, all: true })).toMatchObject({ include_all: true, include_public: false });
    // Which channels are default is asked for on its own: no source, include_default.
    expect(defaultChannelsQuery).toMatchObject({
      include_public: false,
      include_subscribed: false,
      include_web_public: false,
      include_default: true,
    });
  });

  it('with no source on nothing is asked and nothing is listed, "Only default channels" included', () => {
    for (const extra of [
      {},
      { defaultOnly: true },
      { hideArchived: true },
      { defaultOnly: true, hideArchived: true },
    ]) {
      const filters = { ...off, ...extra };
      expect(streamsQuery(filters)).toBeNull();
      expect(listedChannels([general, random], filters, defaults)).toEqual([]);
    }
  });

  it('"Only default channels" narrows what the sources brought and never adds', () => {
    const fromSources = [engineering, general];
    const only = listedChannels(fromSources, { ...DEFAULT_BROWSE_FILTERS, defaultOnly: true }, defaults);
    expect(only.map((c) => c.name)).toEqual(['general']); // random is default but no source listed it
    expect(listedChannels(fromSources, DEFAULT_BROWSE_FILTERS, defaults).map((c) => c.name)).toEqual([
      'engineering',
      'general',
    ]);
  });

  it('"Hide archived" drops archived channels from whatever is listed; rows are sorted by name', () => {
    const all = [old, random, engineering];
    expect(
      listedChannels(all, { ...off, all: true, hideArchived: true }, defaults).map((c) => c.name),
    ).toEqual(['engineering', 'random']);
    expect(listedChannels(all, { ...off, all: true }, defaults).map((c) => c.name)).toEqual([
      'engineering',
      'old-projects',
      'random',
    ]);
  });
});

describe('Create channel', () => {
  it('refuses an empty, too long or taken name (taken would join the existing channel instead)', () => {
    expect(channelNameProblem('  ', [general], 60)).toBe('Give the channel a name.');
    expect(channelNameProblem('x'.repeat(61), [general], 60)).toBe(
      'Channel names are at most 60 characters.',
    );
    expect(channelNameProblem(' General ', [general], 60)).toBe('There is already a channel named #general.');
    expect(channelNameProblem('launch', [general], 60)).toBeNull();
  });

  it('sends the creator and the chosen members as principals; history only for private channels', () => {
    const base = {
      name: ' launch ',
      description: ' For **launch** ',
      memberIds: [7, 3, 5],
      historyForNewMembers: true,
    };
    expect(createChannelParams({ ...base, privacy: 'public' }, 3)).toEqual({
      subscriptions: [{ name: 'launch', description: 'For **launch**' }],
      principals: [3, 7, 5],
      invite_only: false,
    });
    expect(
      createChannelParams({ ...base, description: '', privacy: 'private', historyForNewMembers: false }, 3),
    ).toEqual({
      subscriptions: [{ name: 'launch' }],
      principals: [3, 7, 5],
      invite_only: true,
      history_public_to_subscribers: false,
    });
  });
});

describe('channelsMatching (the Browse channels search box)', () => {
  const list = [
    channel(1, 'design', { description: 'Visual and interaction design.' }),
    channel(2, 'engineering', { description: 'Building and running the product.' }),
    channel(3, 'random', { description: 'Off-topic chatter.' }),
  ];
  const names = (typed: string) => channelsMatching(list, typed).map((c) => c.name);

  it('finds a channel by its name or by words of its description, as the real service does', () => {
    expect(names('ENGIN')).toEqual(['engineering']);
    expect(names('interaction')).toEqual(['design']);
    expect(names('running build')).toEqual(['engineering']);
    expect(names('')).toEqual(['design', 'engineering', 'random']);
  });

  it('does not match a description inside its words', () => {
    expect(names('teraction')).toEqual([]);
  });
});
