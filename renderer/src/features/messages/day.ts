/**
 * Calendar days of message timestamps (seconds since the epoch), in local time. A feed asks once
 * per message on every render, so the local day is computed with a Date only when a timestamp
 * falls outside the last day seen: feeds are in time order, so that is once per day boundary.
 * The day's bounds come from local midnights, which stays exact across daylight-saving changes.
 */
let dayStart = 0;
let dayEnd = 0;
let dayKey = NaN;

/** A number naming the local calendar day of `timestamp` (yyyymmdd). */
export function dayKeyOf(timestamp: number): number {
  const ms = timestamp * 1000;
  if (ms >= dayStart && ms < dayEnd) return dayKey;
  const date = new Date(ms);
  const y = date.getFullYear();
  const m = date.getMonth();
  const d = date.getDate();
  dayStart = new Date(y, m, d).getTime();
  dayEnd = new Date(y, m, d + 1).getTime();
  dayKey = y * 10000 + (m + 1) * 100 + d;
  return dayKey;
}

const labelFormat = new Intl.DateTimeFormat([], {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const labels = new Map<number, string>();

/** The day separator's label for the local day of `timestamp`, built once per day. */
export function dayLabel(timestamp: number): string {
  const key = dayKeyOf(timestamp);
  let label = labels.get(key);
  if (label === undefined) {
    label = labelFormat.format(timestamp * 1000);
    labels.set(key, label);
  }
  return label;
}
