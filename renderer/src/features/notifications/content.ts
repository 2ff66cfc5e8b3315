import type { NotificationDecision } from '../../../../shared/notifications/decide';
import { meMessageHtml } from '../messages/me-message';

export interface NotificationText {
  title: string;
  body: string;
}

const MAX_BODY = 200;

/** What a notification says; a DM's words stay private unless the user allowed them. */
export function notificationText(
  message: {
    type: 'stream' | 'private';
    senderName: string;
    channelName?: string;
    topicLabel: string;
    otherRecipients: number;
    text: string;
  },
  decision: NotificationDecision,
  showDirectMessageContent: boolean,
): NotificationText {
  const where =
    message.type === 'stream'
      ? ` (#${message.channelName ?? 'unknown channel'} › ${message.topicLabel})`
      : message.otherRecipients > 1
        ? ` (to you and ${message.otherRecipients - 1} ${message.otherRecipients === 2 ? 'other' : 'others'})`
        : '';
  const hidden = decision.reason === 'direct' && !showDirectMessageContent;
  const text = oneLine(message.text);
  return {
    title: `${message.senderName}${where}`,
    body: hidden ? 'New direct message' : text.length > MAX_BODY ? `${text.slice(0, MAX_BODY - 1)}…` : text,
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The words of a rendered message, without markup; nothing in it is loaded or run. As in the real
 * service's notifications, a spoiler keeps its content hidden (its header and "(…)"), and math
 * (KaTeX: the formula twice, as MathML and as spans) is given as its TeX source.
 */
export function textOfHtml(html: string): string {
  // A document made by DOMParser has no browsing context: no scripts run, no images load.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const spoiler of doc.querySelectorAll('.spoiler-block')) {
    const header = spoiler.querySelector('.spoiler-header')?.textContent?.trim();
    spoiler.replaceWith(` ${header ? `${header} ` : ''}(…) `);
  }
  for (const math of doc.querySelectorAll('.katex'))
    math.replaceWith(math.querySelector('annotation')?.textContent ?? '');
  return doc.body.textContent ?? '';
}

/** The words of a message for its notification; a "/me" message says its sender did it, as in the feed. */
export function wordsOfMessage(message: {
  content: string;
  is_me_message?: boolean;
  sender_full_name?: string;
}): string {
  const html = message.is_me_message
    ? meMessageHtml(message.content, message.sender_full_name ?? '')
    : message.content;
  return textOfHtml(html);
}
