import type { UserStatus } from '../../api/model';
import { EmojiGlyph } from '../reactions/Reactions';

/** Whether a status has anything to show. */
export function hasStatus(status: UserStatus | undefined): status is UserStatus {
  return !!status && !!(status.status_text || (status.emoji_name && status.emoji_code));
}

/**
 * A user's status (spec 4.11) next to their name: the emoji and the text, or in `compact` form the
 * emoji alone (a speech balloon for a text-only status) with the text as its tooltip, for narrow
 * rows such as the sidebar.
 */
export function StatusBadge({
  status,
  compact = false,
  testId,
}: {
  status: UserStatus | undefined;
  compact?: boolean;
  testId?: string;
}) {
  if (!hasStatus(status)) return null;
  const emoji =
    status.emoji_name && status.emoji_code ? (
      <EmojiGlyph
        name={status.emoji_name}
        code={status.emoji_code}
        type={status.reaction_type ?? 'unicode_emoji'}
      />
    ) : null;
  return (
    <span
      className={compact ? 'status-badge compact' : 'status-badge'}
      title={status.status_text || undefined}
      data-testid={testId}
    >
      {emoji ??
        (compact ? (
          <span role="img" aria-label={`Status: ${status.status_text}`}>
            💬
          </span>
        ) : null)}
      {!compact && status.status_text && <span className="status-text-inline">{status.status_text}</span>}
    </span>
  );
}
