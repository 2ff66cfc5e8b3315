import { formatTime } from '../../app/time-format';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dayFormats = new Map<boolean, Intl.DateTimeFormat>();

/**
 * When a conversation was last active, as the Recent conversations list shows it: minutes or hours
 * ago within the last day, "Yesterday, 9:41 AM" the day before, a date after that (with the year
 * when it is not this year). Times in seconds since the epoch.
 */
export function lastActiveLabel(timestamp: number, now: number, twentyFour: boolean): string {
  const age = now - timestamp;
  if (age < MINUTE) return 'Just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) {
    const hours = Math.floor(age / HOUR);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  const then = new Date(timestamp * 1000);
  const today = new Date(now * 1000);
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (then >= yesterday) return `Yesterday, ${formatTime(timestamp, twentyFour)}`;
  const sameYear = then.getFullYear() === today.getFullYear();
  let format = dayFormats.get(sameYear);
  if (!format) {
    format = new Intl.DateTimeFormat([], {
      month: 'short',
      day: 'numeric',
      ...(sameYear ? {} : { year: 'numeric' }),
    });
    dayFormats.set(sameYear, format);
  }
  return format.format(then);
}
