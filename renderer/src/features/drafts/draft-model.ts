import type { Draft, DraftInput } from '../../../../shared/api/resources';
import type { ComposeNarrow, Narrow } from '../../api/narrow';

export type { DraftInput };

/**
 * What a draft says, whichever side holds it: one to send (`DraftInput`) or one the server
 * returned (`Draft`, whose `type` is any string so a newer server's drafts still decode).
 */
export type DraftFields = Pick<Draft, 'type' | 'to' | 'topic' | 'content' | 'timestamp'>;

export function nowSeconds(now = Date.now()): number {
  return Math.floor(now / 1000);
}

/**
 * The draft of a compose box (spec 2.6): a channel draft names exactly one channel and its topic;
 * a direct-message draft names the recipients (yourself for a note to self). Null where no message
 * can be written (the combined feed, search).
 */
export function draftOf(
  narrow: Narrow,
  channelTopic: string,
  content: string,
  selfId: number | undefined,
  now = Date.now(),
): DraftInput | null {
  const timestamp = nowSeconds(now);
  if (narrow.kind === 'topic')
    return { type: 'stream', to: [narrow.streamId], topic: narrow.topic, content, timestamp };
  if (narrow.kind === 'channel')
    return { type: 'stream', to: [narrow.streamId], topic: channelTopic, content, timestamp };
  if (narrow.kind === 'dm') {
    const to = narrow.userIds.length ? narrow.userIds : selfId !== undefined ? [selfId] : [];
    return { type: 'private', to: [...to].sort((a, b) => a - b), topic: '', content, timestamp };
  }
  return null;
}

/** The conversation a draft belongs to, for restoring it; null for an unaddressed draft. */
export function narrowOfDraft(
  draft: Pick<DraftFields, 'type' | 'to' | 'topic'>,
  selfId?: number,
): ComposeNarrow | null {
  if (draft.type === 'stream' && draft.to[0] !== undefined)
    return { kind: 'topic', streamId: draft.to[0], topic: draft.topic };
  if (draft.type === 'private' && draft.to.length > 0) {
    // A note to self is the DM narrow with only yourself.
    const others = draft.to.filter((id) => id !== selfId);
    return { kind: 'dm', userIds: others.length ? others : [...draft.to] };
  }
  return null;
}

/** Whether two drafts say the same thing (the timestamp aside). */
export function sameDraft(a: DraftFields, b: DraftFields): boolean {
  return (
    a.type === b.type &&
    a.topic === b.topic &&
    a.content === b.content &&
    a.to.length === b.to.length &&
    a.to.every((id, i) => id === b.to[i])
  );
}

/**
 * Only what the server accepts in a draft object (spec 2.6: no `id`). A type this app does not
 * know is sent as an unaddressed draft ("").
 */
export function draftInput(d: DraftFields): DraftInput {
  const type = d.type === 'stream' || d.type === 'private' ? d.type : '';
  const out: DraftInput = { type, to: [...d.to], topic: d.topic, content: d.content };
  if (d.timestamp !== undefined) out.timestamp = d.timestamp;
  return out;
}
