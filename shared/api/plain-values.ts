// Values of the API the renderer needs on its first screen, kept out of the zod modules (resources.ts
// re-exports them): importing those would bring zod and every schema into the page's first bundle.

/** The `reaction_type`s a call may send (spec 2.7). */
export const REACTION_TYPES = ['unicode_emoji', 'realm_emoji', 'service_extra_emoji'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

export function isReactionType(value: string): value is ReactionType {
  return (REACTION_TYPES as readonly string[]).includes(value);
}

/** `visibility_policy` of a user topic: 0 none, 1 muted, 2 unmuted, 3 followed. */
export const UserTopicVisibility = { none: 0, muted: 1, unmuted: 2, followed: 3 } as const;

export const Role = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

/** What the app draws for `web_font_size_px` and `web_line_height_percent` (their settings' `range`). */
export const FONT_SIZE_PX = { min: 8, max: 40 } as const;
export const LINE_HEIGHT_PERCENT = { min: 100, max: 300 } as const;
