/**
 * The names a message's mentions and channel links show. The server writes them as they were when
 * the message was sent; the real service's web app shows the person's, group's or channel's name
 * as it is now (found by the id the HTML carries), and so does this app.
 */
export interface CurrentNames {
  user(userId: number): string | undefined;
  group(groupId: number): string | undefined;
  channel(streamId: number): string | undefined;
}

/** Between a channel link's channel and its topic (`#design > logo`). */
const TOPIC_SEPARATOR = ' > ';

function idIn(node: Element, attribute: string): number | null {
  const id = Number(node.getAttribute(attribute) ?? NaN);
  return Number.isInteger(id) ? id : null;
}

/**
 * The text `node` (a mention or a channel link, as it is being sanitized) shows with the current
 * name, or null to leave it as written: a wildcard, an id no longer known, or a search hit marked
 * inside it (its highlight would be lost).
 */
function currentText(node: Element, names: CurrentNames): string | null {
  if (node.querySelector('.highlight')) return null;
  const classes = node.classList;
  const at = classes.contains('silent') ? '' : '@';
  if (classes.contains('user-mention')) {
    const id = idIn(node, 'data-user-id');
    const name = id === null ? undefined : names.user(id);
    return name === undefined ? null : `${at}${name}`;
  }
  if (classes.contains('user-group-mention')) {
    const id = idIn(node, 'data-user-group-id');
    const name = id === null ? undefined : names.group(id);
    return name === undefined ? null : `${at}${name}`;
  }
  const isChannel = classes.contains('stream');
  if (!isChannel && !classes.contains('stream-topic')) return null;
  const id = idIn(node, 'data-stream-id');
  const name = id === null ? undefined : names.channel(id);
  if (name === undefined) return null;
  if (isChannel) return `#${name}`;
  const text = node.textContent ?? '';
  const topicAt = text.indexOf(TOPIC_SEPARATOR);
  return topicAt < 0 ? null : `#${name}${text.slice(topicAt)}`;
}

export function showCurrentName(node: Element, names: CurrentNames | undefined): void {
  if (!names) return;
  const text = currentText(node, names);
  if (text !== null && text !== node.textContent) node.textContent = text;
}
