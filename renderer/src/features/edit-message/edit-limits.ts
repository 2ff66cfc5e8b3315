import { userInGroupSetting } from '../../app/permissions';
import type { InitialState } from '../../api/model';

export interface EditRules {
  /** realm_allow_message_editing */
  allowEditing: boolean;
  /** realm_message_content_edit_limit_seconds: null (or 0, as older servers send it) means no limit. */
  contentLimitSeconds: number | null;
  /** realm_move_messages_within_stream_limit_seconds: same convention. */
  topicMoveLimitSeconds: number | null;
  /** In realm_can_move_messages_between_topics_group. */
  canMoveTopics: boolean;
  /** Moderators and administrators move messages past the time limit (spec 4.1 rule 4). */
  exemptFromMoveLimit: boolean;
}

/** The organization's edit and move rules as they apply to the current user (once known). */
export function editRulesOf(state: InitialState): EditRules | undefined {
  if (state.user_id === undefined) return undefined;
  const role = state.role ?? state.realm_users?.find((u) => u.user_id === state.user_id)?.role;
  const moveGroup = state.realm_can_move_messages_between_topics_group;
  return {
    allowEditing: state.realm_allow_message_editing ?? true,
    contentLimitSeconds: state.realm_message_content_edit_limit_seconds ?? null,
    topicMoveLimitSeconds: state.realm_move_messages_within_stream_limit_seconds ?? null,
    // An older server without group settings leaves the decision to the server.
    canMoveTopics:
      moveGroup === undefined || userInGroupSetting(moveGroup, state.user_id, state.realm_user_groups ?? []),
    exemptFromMoveLimit: (role ?? 400) <= 300,
  };
}

export type Allowance =
  | { allowed: true; secondsLeft: number | null }
  | { allowed: false; reason: 'editing-off' | 'not-permitted' | 'time-limit' };

function timed(limit: number | null, age: number): Allowance {
  if (limit === null || limit === 0) return { allowed: true, secondsLeft: null };
  const left = limit - age;
  return left > 0 ? { allowed: true, secondsLeft: left } : { allowed: false, reason: 'time-limit' };
}

/** What the user may change in a message of a given age: its content (own messages) and its topic. */
export function editAllowance(
  rules: EditRules,
  message: { isOwn: boolean; ageSeconds: number },
): { content: Allowance; topic: Allowance } {
  const content: Allowance = !message.isOwn
    ? { allowed: false, reason: 'not-permitted' }
    : !rules.allowEditing
      ? { allowed: false, reason: 'editing-off' }
      : timed(rules.contentLimitSeconds, message.ageSeconds);
  const topic: Allowance = !rules.canMoveTopics
    ? { allowed: false, reason: 'not-permitted' }
    : rules.exemptFromMoveLimit
      ? { allowed: true, secondsLeft: null }
      : timed(rules.topicMoveLimitSeconds, message.ageSeconds);
  return { content, topic };
}

/** Why the content of one's own message cannot be edited, in a sentence. */
export function contentLockedSentence(
  reason: 'editing-off' | 'not-permitted' | 'time-limit',
  contentLimitSeconds: number | null,
): string {
  if (reason === 'editing-off') return 'Your organization has turned off message editing.';
  if (reason === 'time-limit')
    return `The time limit for editing this message has passed (${formatLimit(contentLimitSeconds ?? 0)} after sending).`;
  return 'You cannot edit this message.';
}

/** "4 min 05 s", "2 h 10 min", "3 days": how long is left, at the precision that matters. */
export function formatRemaining(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  const days = Math.floor(s / 86400);
  return `${days} day${days === 1 ? '' : 's'}`;
}

/** A limit in words, for "…has passed (N after sending)". */
export function formatLimit(seconds: number): string {
  if (seconds % 86400 === 0) return `${seconds / 86400} day${seconds === 86400 ? '' : 's'}`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} seconds`;
}
