import type { Channel } from '../../api/model';
import { keywordMatcher } from '../home/keyword-filter';

/**
 * What "Browse channels" lists for each combination of its filters.
 *
 * - The sources say which channels come in, and add up: Public (public channels the user may see),
 *   Web-public, Subscribed. For administrators, "All channels" takes every channel they can see
 *   instead of the sources.
 * - "Only default channels" keeps, of what the sources bring in, the organization's default
 *   channels. It narrows and never adds: with no source on, nothing is listed.
 * - "Hide archived" drops archived channels from whatever is listed.
 * - No source on (and not "All channels"): nothing is listed, and the dialog says so.
 *
 * The sources and "Hide archived" are GET /streams's own parameters (spec 4.9). Its
 * `include_default` is not used for the list: the server treats it as one more source, which
 * would bring in every default channel whatever else is chosen. Which channels are default comes
 * from a separate request that asks for default channels alone (`defaultChannelsQuery`).
 */
export interface BrowseFilters {
  public: boolean;
  webPublic: boolean;
  subscribed: boolean;
  /** Administrators only. */
  all: boolean;
  defaultOnly: boolean;
  hideArchived: boolean;
}

export const DEFAULT_BROWSE_FILTERS: BrowseFilters = {
  public: true,
  webPublic: false,
  subscribed: true,
  all: false,
  defaultOnly: false,
  hideArchived: true,
};

export function hasSource(filters: BrowseFilters): boolean {
  return filters.all || filters.public || filters.webPublic || filters.subscribed;
}

/** The GET /streams parameters for the list, or null when no source is on (nothing to ask). */
export function streamsQuery(filters: BrowseFilters): Record<string, boolean> | null {
  if (!hasSource(filters)) return null;
  return {
    include_public: filters.public,
    include_web_public: filters.webPublic,
    include_subscribed: filters.subscribed,
    include_all: filters.all,
    exclude_archived: filters.hideArchived,
    include_default: false,
  };
}

/** GET /streams for the default channels alone: every source off, `include_default` on. */
export const defaultChannelsQuery: Record<string, boolean> = {
  include_public: false,
  include_web_public: false,
  include_subscribed: false,
  include_default: true,
  exclude_archived: false,
};

/** The rows to show, by name: what the sources returned, narrowed by "Only default channels". */
export function listedChannels(
  streams: readonly Channel[],
  filters: BrowseFilters,
  defaultIds: ReadonlySet<number>,
): Channel[] {
  if (!hasSource(filters)) return [];
  return streams
    .filter((c) => !filters.defaultOnly || defaultIds.has(c.stream_id))
    .filter((c) => !filters.hideArchived || !c.is_archived)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The channels whose name has the typed text, or whose description has its words (each beginning
 * a word, as the real service's search box filters by name or description).
 */
export function channelsMatching<C extends Pick<Channel, 'name' | 'description'>>(
  channels: readonly C[],
  typed: string,
): readonly C[] {
  const text = typed.trim().toLowerCase();
  if (!text) return channels;
  const inDescription = keywordMatcher(text);
  return channels.filter(
    (c) => c.name.toLowerCase().includes(text) || (inDescription?.(c.description ?? '') ?? false),
  );
}
