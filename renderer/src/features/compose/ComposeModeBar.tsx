import type { RefObject } from 'react';
import { FormatToolbar } from './format/FormatToolbar';

export type ComposeMode = 'write' | 'preview';

/** Write / Preview tabs, and the formatting buttons (which only make sense while writing). */
export function ComposeModeBar({
  mode,
  onMode,
  textarea,
}: {
  mode: ComposeMode;
  onMode: (mode: ComposeMode) => void;
  textarea: RefObject<HTMLTextAreaElement | null>;
}) {
  const tab = (value: ComposeMode, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === value}
      className={mode === value ? 'compose-tab compose-tab-active' : 'compose-tab'}
      data-testid={`compose-${value}`}
      onClick={() => {
        onMode(value);
        if (value === 'write') requestAnimationFrame(() => textarea.current?.focus());
      }}
    >
      {label}
    </button>
  );
  return (
    <div className="compose-modebar">
      <div role="tablist" aria-label="Compose mode" className="compose-tabs">
        {tab('write', 'Write')}
        {tab('preview', 'Preview')}
      </div>
      <FormatToolbar textarea={textarea} disabled={mode === 'preview'} />
    </div>
  );
}
