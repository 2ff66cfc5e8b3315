import { create } from 'zustand';

/**
 * The emoji this computer's user picked lately (names, most recent first), from the `:`
 * autocomplete and the emoji picker: a tie-breaker for the autocomplete, the picker's first row. Bounded, and kept in localStorage so it survives a restart; it is a habit of
 * the person at this keyboard, not a server setting.
 */
const STORAGE_KEY = 'teamchat.recentEmoji';
export const RECENT_EMOJI_LIMIT = 24;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function load(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((n): n is string => typeof n === 'string').slice(0, RECENT_EMOJI_LIMIT)
      : [];
  } catch {
    return [];
  }
}

/** `name` moved (or added) to the front, the list cut to `limit`. */
export function withRecent(list: readonly string[], name: string, limit = RECENT_EMOJI_LIMIT): string[] {
  return [name, ...list.filter((n) => n !== name)].slice(0, limit);
}

/** The choices with the recently used ones first (most recent first), the others in their order. */
export function recentFirst<T extends { name: string }>(
  choices: readonly T[],
  recent: readonly string[],
): T[] {
  const position = new Map(recent.map((name, i) => [name, i]));
  const used = choices.filter((c) => position.has(c.name));
  used.sort((a, b) => position.get(a.name)! - position.get(b.name)!);
  return [...used, ...choices.filter((c) => !position.has(c.name))];
}

interface RecentEmojiState {
  names: string[];
  used(name: string): void;
}

export const useRecentEmoji = create<RecentEmojiState>((set, get) => ({
  names: load(),
  used(name) {
    const names = withRecent(get().names, name);
    storage()?.setItem(STORAGE_KEY, JSON.stringify(names));
    set({ names });
  },
}));
