import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { fromLocalInput, schedulePresets, toLocalInput } from './schedule-times';
import './scheduled.css';

/**
 * The small menu beside Send: the real service's "Schedule message" presets and a custom time.
 * From the keyboard: Enter or ↓ on the ▾ button opens it, ↑/↓ move, Enter picks, Esc closes.
 */
export function ScheduleMenu({
  disabled,
  onSchedule,
}: {
  disabled: boolean;
  /** When to send, in UNIX seconds. */
  onSchedule: (at: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const presets = open ? schedulePresets(new Date()) : [];

  useEffect(() => {
    if (open && custom === null) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open, custom]);

  const close = () => {
    setOpen(false);
    setCustom(null);
    toggle.current?.focus();
  };
  const pick = (at: number) => {
    setOpen(false);
    setCustom(null);
    onSchedule(at);
  };
  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = (at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
    e.preventDefault();
  };
  const customAt = custom === null ? null : fromLocalInput(custom);

  return (
    <div
      className="schedule-menu-wrap"
      // A click or Tab elsewhere closes the menu, as menus do; the focus stays where it went.
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) {
          setOpen(false);
          setCustom(null);
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="btn btn-primary schedule-toggle"
        data-testid="compose-schedule"
        aria-label="Schedule message"
        title="Schedule message"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => (open ? close() : setOpen(true))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        ▾
      </button>
      {open && (
        <div
          ref={menu}
          className="schedule-menu"
          role="menu"
          aria-label="Schedule message"
          data-testid="schedule-menu"
          onKeyDown={onMenuKey}
        >
          <div className="schedule-menu-title muted small">Schedule message</div>
          {presets.map((p) => (
            <button
              key={p.id}
              type="button"
              role="menuitem"
              data-testid={`schedule-${p.id}`}
              onClick={() => pick(p.at)}
            >
              {p.label}
            </button>
          ))}
          {custom === null ? (
            <button
              type="button"
              role="menuitem"
              data-testid="schedule-custom"
              onClick={() => setCustom(toLocalInput(Math.floor(Date.now() / 1000) + 3600))}
            >
              Custom time…
            </button>
          ) : (
            <div className="schedule-custom">
              <label>
                <span className="small">Send at</span>
                <input
                  type="datetime-local"
                  data-testid="schedule-custom-time"
                  autoFocus
                  value={custom}
                  onChange={(e) => setCustom(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && customAt !== null) {
                      e.preventDefault();
                      pick(customAt);
                    }
                  }}
                />
              </label>
              <button
                type="button"
                className="btn btn-small btn-primary"
                data-testid="schedule-custom-confirm"
                disabled={customAt === null}
                onClick={() => customAt !== null && pick(customAt)}
              >
                Schedule
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
