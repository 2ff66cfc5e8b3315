import type { Page } from '@playwright/test';
import type { ChatEnvironment } from './fixtures';

/**
 * What UI tests read from the server (through `chat.api(who)` or `serverApi`) and from the sidebar,
 * to compare the two. One place, so each spec does not carry its own copy.
 */

type Api = Pick<ReturnType<ChatEnvironment['api']>, 'get' | 'post'>;

/** A channel's id by name (archived and unsubscribed ones included, as far as `api`'s user may see). */
export async function channelId(api: Api, name: string): Promise<number> {
  const { body } = await api.get('/streams', { include_all: true, exclude_archived: false });
  const found = (body.streams as { stream_id: number; name: string }[]).find((s) => s.name === name);
  if (!found) throw new Error(`No channel named ${name}`);
  return found.stream_id;
}

/** Marks a topic read for `api`'s user, so a test starts from nothing unread there. */
export async function markTopicRead(api: Api, channel: string, topic: string): Promise<void> {
  const { status } = await api.post('/mark_topic_as_read', {
    stream_id: await channelId(api, channel),
    topic_name: topic,
  });
  if (status !== 200) throw new Error(`Could not mark ${channel} > ${topic} read (${status})`);
}

/** Marks a whole channel read for `api`'s user (as another device would). */
export async function markChannelRead(api: Api, channel: string): Promise<void> {
  const { status } = await api.post('/messages/flags/narrow', {
    anchor: 'oldest',
    num_before: 0,
    num_after: 5000,
    op: 'add',
    flag: 'read',
    narrow: [
      { operator: 'channel', operand: channel },
      { operator: 'is', operand: 'unread' },
    ],
  });
  if (status !== 200) throw new Error(`Could not mark ${channel} read (${status})`);
}

/** The raw contents of a topic's newest messages, oldest first. */
export async function newestContents(
  api: Api,
  channel: string,
  topic: string,
  count = 10,
): Promise<string[]> {
  const { body } = await api.get('/messages', {
    anchor: 'newest',
    num_before: count,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: channel },
      { operator: 'topic', operand: topic },
    ],
    apply_markdown: false,
  });
  return (body.messages as { content: string }[]).map((m) => m.content);
}

/** The ids of a topic's unread messages for `api`'s user, oldest first (up to 1,000). */
export async function unreadInTopic(api: Api, channel: string, topic: string): Promise<number[]> {
  const { body } = await api.get('/messages', {
    anchor: 'oldest',
    num_before: 0,
    num_after: 1000,
    narrow: [
      { operator: 'channel', operand: channel },
      { operator: 'topic', operand: topic },
      { operator: 'is', operand: 'unread' },
    ],
  });
  return (body.messages as { id: number }[]).map((m) => m.id);
}

/** The unread count the sidebar shows for a channel (0 when it shows none). */
export async function shownUnread(page: Page, channel: string): Promise<number> {
  const text = await page
    .getByTestId(`channel-unread-${channel}`)
    .textContent({ timeout: 500 })
    .catch(() => '0');
  // As shown: "1,234".
  return Number((text ?? '0').replace(/,/g, '')) || 0;
}
