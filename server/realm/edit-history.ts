import { badRequest } from '../http/errors';
import type { Realm } from './realm';
import type { User } from './users';
import { readableMessage } from './messages';
import { renderMarkdown } from '../render/markdown';
import { htmlDiff } from '../render/diff';

/**
 * GET /messages/{id}/history (4.15): snapshots oldest to newest, per 2.4. The stored edits are replayed
 * backwards from the current state to recover what each version looked like.
 */
export function messageHistory(
  realm: Realm,
  user: User,
  messageId: number,
  allowEmptyTopicName: boolean,
): Record<string, unknown>[] {
  const message = readableMessage(realm, user, messageId);
  const policy = realm.settings.message_edit_history_visibility_policy;
  if (policy === 'none') throw badRequest('Message edit history is disabled in this organization');

  const topicOut = (t: string) => (t === '' && !allowEmptyTopicName ? realm.emptyTopicDisplayName : t);
  const render = (c: string) => renderMarkdown(realm, c).html;

  // Walk back from the current state.
  let topic = message.topic;
  let content = message.content;
  const after: { topic: string; content: string }[] = [];
  for (let i = message.edits.length - 1; i >= 0; i--) {
    const e = message.edits[i]!;
    after[i] = { topic, content };
    if (e.prev_topic !== undefined) topic = e.prev_topic;
    if (e.prev_content !== undefined) content = e.prev_content;
  }
  const snapshots: Record<string, unknown>[] = [
    {
      topic: topicOut(topic),
      content,
      rendered_content: render(content),
      timestamp: message.timestamp,
      user_id: message.sender_id,
    },
  ];
  message.edits.forEach((e, i) => {
    const state = after[i]!;
    const contentEdited = e.prev_content !== undefined;
    const moved = e.prev_topic !== undefined || e.prev_stream !== undefined;
    if (policy === 'moves' && !moved) return;
    const rendered = render(state.content);
    const snap: Record<string, unknown> = {
      topic: topicOut(state.topic),
      content: state.content,
      rendered_content: rendered,
      timestamp: e.timestamp,
      user_id: e.user_id,
    };
    if (e.prev_topic !== undefined) snap.prev_topic = topicOut(e.prev_topic);
    if (e.prev_stream !== undefined) {
      snap.stream = e.stream;
      snap.prev_stream = e.prev_stream;
    }
    if (contentEdited && policy === 'all') {
      const prevRendered = render(e.prev_content!);
      snap.prev_content = e.prev_content;
      snap.prev_rendered_content = prevRendered;
      snap.content_html_diff = htmlDiff(prevRendered, rendered);
    }
    snapshots.push(snap);
  });
  return snapshots;
}
