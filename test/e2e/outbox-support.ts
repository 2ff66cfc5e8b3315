import type { Page } from '@playwright/test';
import { expect, type ChatEnvironment } from './fixtures';

// What the outbox's UI tests share: a topic to send in, opened, and the send requests told apart.

export async function startTopic(chat: ChatEnvironment, topic: string): Promise<void> {
  await chat.api('admin').post('/messages', { type: 'channel', to: 'general', topic, content: 'Hello' });
}

export async function openTopic(page: Page, topic: string): Promise<void> {
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
}

export const isSend = (r: { method: string; path: string }) =>
  r.method === 'POST' && r.path.endsWith('/api/v1/messages');
