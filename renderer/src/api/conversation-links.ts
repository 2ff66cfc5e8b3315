import { channelSlug, encodeHashComponent, parseNarrowHash } from '../../../shared/narrow-hash';
import type { Message } from './model';
import type { Narrow } from './narrow';

export interface LinkTarget {
  narrow: Narrow;
  /** The message to open at, when the link names one. */
  anchor: number | null;
}

/**
 * Where a link inside a message (or the address bar) points, when it is a conversation of the
 * account's own organization; null for everything else, which opens in the browser as before.
 */
export function conversationLinkTarget(
  href: string,
  serverBase: string | null,
  selfId: number | undefined,
): LinkTarget | null {
  const hash = sameServerHash(href, serverBase);
  if (hash === null) return null;
  const target = parseNarrowHash(hash);
  if (!target) return null;
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
