/** A choice of the "Schedule message" menu: its label and when it sends (UNIX seconds). */
export interface SchedulePreset {
  id: 'tomorrow' | 'monday';
  label: string;
  at: number;
}

function atNine(day: Date): number {
  const d = new Date(day);
  d.setHours(9, 0, 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/**
 * The real service's presets, in this computer's time zone: tomorrow at 9:00 and the next Monday
 * at 9:00 (a week on when today is Monday; left out when that is tomorrow, which says the same).
 */
export function schedulePresets(now: Date): SchedulePreset[] {
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  const presets: SchedulePreset[] = [{ id: 'tomorrow', label: 'Tomorrow at 9:00', at: atNine(tomorrow) }];
  if (tomorrow.getDay() !== 1) {
    const monday = new Date(now);
    monday.setDate(now.getDate() + ((8 - now.getDay()) % 7 || 7));
    presets.push({ id: 'monday', label: 'Monday at 9:00', at: atNine(monday) });
  }
  return presets;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as an `<input type="datetime-local">` value, in this computer's time zone. */
export function toLocalInput(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An `<input type="datetime-local">` value as UNIX seconds, or null when it is not a time. */
export function fromLocalInput(value: string): number | null {
  const ms = new Date(value).getTime();
  return value && Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}
