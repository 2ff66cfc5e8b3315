import { useUserSetting } from './realm';

/**
 * Times as the user asked for them: twenty_four_hour_time (spec 4.6) picks the clock. Message
 * times use `formatTime` below with the same setting.
 */
export function useTwentyFourHourTime(): boolean {
  return useUserSetting<boolean>('twenty_four_hour_time', false);
}

/** One formatter per hour cycle: building an Intl formatter per call costs more than formatting. */
const timeFormats = new Map<boolean, Intl.DateTimeFormat>();

/** A message's time of day (hour and minute), in seconds since the epoch. */
export function formatTime(timestamp: number, twentyFour: boolean): string {
  let format = timeFormats.get(twentyFour);
  if (!format) {
    format = new Intl.DateTimeFormat([], { hour: 'numeric', minute: '2-digit', hour12: !twentyFour });
    timeFormats.set(twentyFour, format);
  }
  return format.format(timestamp * 1000);
}

/** A date with its time of day, on the reader's clock. */
function dateTimeOptions(twentyFour: boolean): Intl.DateTimeFormatOptions {
  return {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: !twentyFour,
  };
}

/** A date and time of day (drafts, edit history, invitations), in seconds since the epoch. */
export function formatDateTime(timestamp: number, twentyFour: boolean): string {
  return new Date(timestamp * 1000).toLocaleString([], dateTimeOptions(twentyFour));
}

const globalTimeFormats = new Map<boolean, Intl.DateTimeFormat>();

/** A global time written in a message (`<time>`), with its weekday, as the real service shows one. */
export function formatGlobalTime(instant: Date, twentyFour: boolean): string {
  let format = globalTimeFormats.get(twentyFour);
  if (!format) {
    format = new Intl.DateTimeFormat([], { weekday: 'short', ...dateTimeOptions(twentyFour) });
    globalTimeFormats.set(twentyFour, format);
  }
  return format.format(instant);
}
