import { useUserSetting } from './realm';

/**
 * Times as the user asked for them: twenty_four_hour_time (spec 4.6) picks the clock. Message
 * times use `formatTime` in features/messages/MessageRow.tsx with the same setting.
 */
export function useTwentyFourHourTime(): boolean {
  return useUserSetting<boolean>('twenty_four_hour_time', false);
}

/** A date and time of day (drafts, edit history, invitations), in seconds since the epoch. */
export function formatDateTime(timestamp: number, twentyFour: boolean): string {
  return new Date(timestamp * 1000).toLocaleString([], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: !twentyFour,
  });
}
