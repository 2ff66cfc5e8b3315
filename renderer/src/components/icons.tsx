/** Small inline icons (no emoji font needed). */
export function LockIcon() {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="12" height="12" aria-label="private" role="img">
      <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" stroke="currentColor" strokeWidth="1.6" fill="none" />
    </svg>
  );
}

export function GlobeIcon() {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="12" height="12" aria-label="web-public" role="img">
      <circle cx="8" cy="8" r="6.5" stroke="currentColor" strokeWidth="1.4" fill="none" />
      <path
        d="M1.5 8h13M8 1.5c2 2 2 11 0 13M8 1.5c-2 2-2 11 0 13"
        stroke="currentColor"
        strokeWidth="1.2"
        fill="none"
      />
    </svg>
  );
}

/** The marker before a channel's name: lock (private), globe (web-public) or #. */
export function ChannelIcon({ inviteOnly, webPublic }: { inviteOnly?: boolean; webPublic?: boolean }) {
  if (inviteOnly) return <LockIcon />;
  if (webPublic) return <GlobeIcon />;
  return <span className="hash">#</span>;
}
