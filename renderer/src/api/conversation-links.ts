import {
  channelSlug,
  encodeHashComponent,
  leadingIdList,
  leadingNumber,
  parseNarrowHash,
  type NarrowLinkTerm,
} from '../../../shared/narrow-hash';
import type { InitialState, Message } from './model';
import type { Narrow } from './narrow';
import { canonicalOperator, formatSearch, isStarredSearch, type SearchTerm } from './search-query';

export interface LinkTarget {
  narrow: Narrow;
  /** The message to open at, when the link names one. */
  anchor: number | null;
}

/** How a search link's ids read in the search box: a channel by its name, a person by their email. */
export interface LinkNames {
  channel(streamId: number): string | undefined;
  email(userId: number): string | undefined;
}

/** The names of the register state, looked up when a link is followed. */
export function linkNamesOf(state: InitialState | undefined): LinkNames {
  return {
    channel: (streamId) =>
      [
        ...(state?.subscriptions ?? []),
        ...(state?.unsubscribed ?? []),
        ...(state?.never_subscribed ?? []),
      ].find((channel) => channel.stream_id === streamId)?.name,
    email: (userId) =>
      [
        ...(state?.realm_users ?? []),
        ...(state?.realm_non_active_users ?? []),
        ...(state?.cross_realm_bots ?? []),
      ].find((user) => user.user_id === userId)?.email,
  };
}

/**
 * Where a link inside a message (or the address bar) points, when it is a view of the account's
 * own organization (a conversation, or a search such as `#narrow/is/starred`); null for everything
 * else, which opens in the browser.
 */
export function conversationLinkTarget(
  href: string,
  serverBase: string | null,
  selfId: number | undefined,
  names?: LinkNames,
): LinkTarget | null {
  const hash = sameServerHash(href, serverBase);
  if (hash === null) return null;
  const target = parseNarrowHash(hash);
  if (!target) return null;
  if (target.kind === 'search') return searchLinkTarget(target.terms, names);
  const anchor = target.messageId ?? null;
  if (target.kind === 'channel')
    return {
      narrow:
        target.topic !== undefined
          ? { kind: 'topic', streamId: target.streamId, topic: target.topic }
          : { kind: 'channel', streamId: target.streamId },
      anchor,
    };
  const others = target.userIds.filter((id) => id !== selfId);
  return { narrow: { kind: 'dm', userIds: others.length ? others : target.userIds }, anchor };
}

/** A search link as the search box would have it: `#narrow/is/starred` alone is Starred. */
function searchLinkTarget(linkTerms: NarrowLinkTerm[], names: LinkNames | undefined): LinkTarget | null {
  const terms: SearchTerm[] = [];
  const words: string[] = [];
  let anchor: number | null = null;
  for (const term of linkTerms) {
    const operator = canonicalOperator(term.operator);
    if (!operator) return null;
    if (operator === 'search') words.push(term.operand);
    else if (operator === 'near') anchor = leadingNumber(term.operand) ?? null;
    else
      terms.push({ operator, operand: searchOperand(operator, term.operand, names), negated: term.negated });
  }
  const search = { terms, text: words.join(' ') };
  if (isStarredSearch(search)) return { narrow: { kind: 'starred' }, anchor };
  const query = formatSearch(search);
  return query ? { narrow: { kind: 'search', query }, anchor } : null;
}

const PEOPLE_OPERATORS = new Set(['sender', 'dm', 'dm-including']);

/** A link names channels and people by id (`5-engineering`, `12,14-group`); the search box by name and email. */
function searchOperand(operator: string, operand: string, names: LinkNames | undefined): string {
  if (operator === 'channel') {
    const id = leadingNumber(operand);
    if (id === undefined) return operand;
    return names?.channel(id) ?? String(id);
  }
  if (PEOPLE_OPERATORS.has(operator)) {
    const ids = leadingIdList(operand);
    if (ids.length === 0) return operand;
    return ids.map((id) => names?.email(id) ?? String(id)).join(',');
  }
  return operand;
}

function sameServerHash(href: string, serverBase: string | null): string | null {
  const trimmed = href.trim();
  if (trimmed.startsWith('#')) return trimmed;
  if (trimmed.startsWith('/#')) return trimmed.slice(1);
  if (!serverBase) return null;
  try {
    const url = new URL(trimmed, serverBase);
    const base = new URL(serverBase);
    if (url.origin !== base.origin) return null;
    if (url.pathname !== '/' && url.pathname !== base.pathname) return null;
    return url.hash || null;
  } catch {
    return null;
  }
}

/** The link to a message, in the real service's form, to paste anywhere. */
export function messageLink(
  serverBase: string,
  message: Pick<Message, 'id' | 'type' | 'stream_id' | 'subject' | 'display_recipient'>,
  channelName: string | undefined,
): string {
  const origin = serverBase.replace(/\/+$/, '');
  if (message.type === 'stream' && message.stream_id !== undefined)
    return `${origin}/#narrow/channel/${channelSlug(message.stream_id, channelName ?? String(message.stream_id))}/topic/${encodeHashComponent(message.subject ?? '')}/near/${message.id}`;
  const ids = Array.isArray(message.display_recipient) ? message.display_recipient.map((u) => u.id) : [];
  const kind = ids.length > 2 ? 'group' : 'dm';
  return `${origin}/#narrow/dm/${[...ids].sort((a, b) => a - b).join(',')}-${kind}/near/${message.id}`;
}
