import type { EndpointParams } from '../../../../shared/api';
import type { ReactionType } from '../../../../shared/api/resources';
import type { UserStatus } from '../../api/model';
import { sendableReactionType } from '../reactions/emoji';

/** Spec part 8: status_text is at most 60 characters. */
export const STATUS_TEXT_LIMIT = 60;

/** Characters as the server counts them: code points, not UTF-16 units. */
export function statusLength(text: string): number {
  return [...text].length;
}

export interface StatusEmoji {
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
}

export interface StatusForm {
  text: string;
  emoji: StatusEmoji | null;
}

export function formOfStatus(status: UserStatus | undefined): StatusForm {
  const type = sendableReactionType(status?.reaction_type ?? 'unicode_emoji');
  const emoji =
    status?.emoji_name && status.emoji_code && type
      ? { emoji_name: status.emoji_name, emoji_code: status.emoji_code, reaction_type: type }
      : null;
  return { text: status?.status_text ?? '', emoji };
}

/**
 * The POST /users/me/status body for what changed (spec 4.11: only passed parameters change).
 * An emoji that was removed is cleared with an empty `emoji_name`. Null when nothing changed.
 */
export function statusUpdate(before: StatusForm, after: StatusForm): EndpointParams<'updateStatus'> | null {
  const params: EndpointParams<'updateStatus'> = {};
  if (after.text !== before.text) params.status_text = after.text;
  const sameEmoji =
    before.emoji?.emoji_code === after.emoji?.emoji_code &&
    before.emoji?.reaction_type === after.emoji?.reaction_type &&
    before.emoji?.emoji_name === after.emoji?.emoji_name;
  if (!sameEmoji) {
    if (after.emoji) Object.assign(params, after.emoji);
    else params.emoji_name = '';
  }
  return Object.keys(params).length ? params : null;
}

/** Whether the saved status is what `params` asked for (only the fields passed count). */
export function statusHolds(saved: StatusForm, params: EndpointParams<'updateStatus'>): boolean {
  const textHolds = params.status_text === undefined || params.status_text === saved.text;
  const emojiHolds =
    params.emoji_name === undefined ||
    (params.emoji_name === '' ? saved.emoji === null : saved.emoji?.emoji_name === params.emoji_name);
  return textHolds && emojiHolds;
}

/** Clearing the status: no text, no emoji. */
export const CLEAR_STATUS = { status_text: '', emoji_name: '' } as const;

/**
 * The form once the saved status changed elsewhere (another window, another device): a field the
 * person left as it was takes the new value; what they typed or picked and did not save yet stays.
 */
export function followSavedStatus(before: StatusForm, form: StatusForm, after: StatusForm): StatusForm {
  const untouched = (a: StatusEmoji | null, b: StatusEmoji | null) => JSON.stringify(a) === JSON.stringify(b);
  return {
    text: form.text === before.text ? after.text : form.text,
    emoji: untouched(form.emoji, before.emoji) ? after.emoji : form.emoji,
  };
}
