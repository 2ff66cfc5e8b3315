import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { useHeldHighlight } from '../../components/held-highlight';
import { Popover } from '../../components/Popover';
import { useComposeStore } from '../../state/compose';
import { SnippetForm } from './SnippetForm';
import { filterSnippets, insertAt, type SavedSnippet } from './snippets';
import { useSavedSnippets, useSnippetsSupport } from './useSnippets';
import '../settings/settings.css';

const snippetKey = (snippet: SavedSnippet) => String(snippet.id);

/**
 * The compose box's snippet button: pick a saved snippet to insert at the cursor (typing filters,
 * ↑ and ↓ choose, Enter inserts the one highlighted), or save the box's text as a new snippet.
 */
export function ComposeSnippets({
  composeKey,
  textarea,
}: {
  composeKey: string;
  textarea: RefObject<HTMLTextAreaElement | null>;
}) {
  const [mode, setMode] = useState<'closed' | 'pick' | 'save'>('closed');
  const [query, setQuery] = useState('');
  const snippets = useSavedSnippets();
  const { kept } = useSnippetsSupport();
  const text = useComposeStore((s) => s.drafts[composeKey] ?? '');
  const shown = filterSnippets(snippets ?? [], query);
  const highlight = useHeldHighlight(shown, snippetKey, 0, query);
  const chosen = shown[highlight.current];
  const listId = useId();
  const optionId = (snippet: SavedSnippet) => `${listId}-${snippet.id}`;

  const close = () => {
    setMode('closed');
    setQuery('');
  };
  const insert = (content: string) => {
    const el = textarea.current;
    const current = useComposeStore.getState().drafts[composeKey] ?? '';
    const { text: next, caret } = insertAt(
      current,
      content,
      el?.selectionStart ?? null,
      el?.selectionEnd ?? null,
    );
    useComposeStore.getState().setText(composeKey, next);
    close();
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(caret, caret);
    });
  };

  const onSearchKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && shown.length > 0) {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      highlight.highlight((highlight.current + step + shown.length) % shown.length);
    } else if (e.key === 'Enter' && chosen) {
      e.preventDefault();
      insert(chosen.content);
    }
  };

  // A server without saved snippets has nothing to pick and refuses new ones.
  if (!kept) return null;
  return (
    <span className="compose-snippets">
      <button
        type="button"
        className="btn btn-small"
        data-testid="compose-snippets"
        aria-expanded={mode !== 'closed'}
        onClick={() => (mode === 'closed' ? setMode('pick') : close())}
      >
        Snippets
      </button>
      {mode !== 'closed' && (
        <Popover
          onClose={() => {
            close();
            textarea.current?.focus();
          }}
          placement="top-start"
          className="popover snippet-popover"
          role="dialog"
          aria-label="Saved snippets"
          data-testid="snippet-popover"
        >
          {mode === 'pick' ? (
            <>
              <input
                type="search"
                autoFocus
                role="combobox"
                aria-label="Search snippets"
                aria-autocomplete="list"
                aria-expanded={shown.length > 0}
                aria-controls={listId}
                aria-activedescendant={chosen ? optionId(chosen) : undefined}
                placeholder="Search snippets"
                data-testid="snippet-search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={onSearchKeyDown}
              />
              {shown.length > 0 ? (
                <ul className="snippet-choices" id={listId} role="listbox" aria-label="Snippets">
                  {shown.map((s, index) => (
                    <li
                      key={s.id}
                      id={optionId(s)}
                      role="option"
                      aria-selected={s === chosen}
                      className={`row-main${s === chosen ? ' selected' : ''}`}
                      data-testid={`insert-snippet-${s.id}`}
                      title={s.content}
                      // The search field keeps the focus (and its keys) while the mouse picks.
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseEnter={() => highlight.highlight(index)}
                      onClick={() => insert(s.content)}
                    >
                      <strong className="ellipsis">{s.title}</strong>
                      <span className="muted small ellipsis">{s.content}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted small">
                  {snippets?.length ? 'No snippet matches.' : 'No saved snippets yet.'}
                </p>
              )}
              <button
                type="button"
                className="btn btn-small"
                data-testid="snippet-from-compose"
                onClick={() => setMode('save')}
              >
                Save this message as a snippet…
              </button>
            </>
          ) : (
            <SnippetForm initialContent={text} onCreated={close} onCancel={() => setMode('pick')} />
          )}
        </Popover>
      )}
    </span>
  );
}
