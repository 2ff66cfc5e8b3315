import { useState, type RefObject } from 'react';
import { Popover } from '../../components/Popover';
import { useComposeStore } from '../../state/compose';
import { SnippetForm } from './SnippetForm';
import { filterSnippets, insertAt } from './snippets';
import { useSavedSnippets } from './useSnippets';
import '../settings/settings.css';

/**
 * The compose box's snippet button: pick a saved snippet to insert at the cursor, or save the
 * box's text as a new snippet.
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
  const text = useComposeStore((s) => s.drafts[composeKey] ?? '');
  const shown = filterSnippets(snippets ?? [], query);

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
                aria-label="Search snippets"
                placeholder="Search snippets"
                data-testid="snippet-search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && shown[0]) {
                    e.preventDefault();
                    insert(shown[0].content);
                  }
                }}
              />
              <ul className="snippet-choices">
                {shown.map((s) => (
                  <li key={s.id}>
                    <button
                      type="button"
                      className="row-main"
                      data-testid={`insert-snippet-${s.id}`}
                      title={s.content}
                      onClick={() => insert(s.content)}
                    >
                      <strong className="ellipsis">{s.title}</strong>
                      <span className="muted small ellipsis">{s.content}</span>
                    </button>
                  </li>
                ))}
                {shown.length === 0 && (
                  <li className="muted small">
                    {snippets?.length ? 'No snippet matches.' : 'No saved snippets yet.'}
                  </li>
                )}
              </ul>
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
