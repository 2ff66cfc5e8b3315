/**
 * The app draws a person from `avatar_url` alone; it computes no gravatar address. The real service
 * leaves `avatar_url` null for gravatar users unless `client_gravatar` is false, and from feature
 * level 92 true is its default for GET /messages and GET /users: those calls say false unless
 * their caller chose.
 */
export function withAvatarUrls(params: Record<string, unknown>): Record<string, unknown> {
  return { ...params, client_gravatar: params.client_gravatar ?? false };
}
