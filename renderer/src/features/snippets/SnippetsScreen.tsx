import { useRef, useState } from 'react';
import { errorText } from '../../api/call';
import { unmetError } from '../../api/unmet-error';
import { takeDroppedFocus } from '../../components/focus-fallback';
import { useRowsKeepingEdited } from '../../components/keep-edited-row';
import { useFocusAfterRowRemoved } from '../../components/row-removal-focus';
import { Empty, Loading } from '../../components/states';
import { SnippetForm } from './SnippetForm';
import { filterSnippets } from './snippets';
import { useDeleteSnippet, useSavedSnippets, useSnippetsSupport } from './useSnippets';

/** Spec 4.19: saved snippets, to insert from any compose box. */
export function SnippetsScreen() {
  const support = useSnippetsSupport();
  const snippets = useSavedSnippets();
  const remove = useDeleteSnippet();
  const [query, setQuery] = useState('');
  const [editingId, setEditingId] = useState<number | null>(null);
  // A delete whose answer was lost may have gone through: its event then took the snippet away.
  const removeFailure = unmetError(remove, (id) => !snippets?.some((s) => s.id === id));
  // The snippet being edited stays, with what was typed, when the search hides it or it is deleted
  // elsewhere (another device).
  const shown = useRowsKeepingEdited(filterSnippets(snippets ?? [], query), editingId);
  const list = useRef<HTMLUListElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Once a snippet is deleted (its row gone, the others' Delete disabled meanwhile), the row now in
  // its place (or the last) has the focus, else the search box, else (none left) the list's heading.
  const deleting = useFocusAfterRowRemoved(
    shown.map((s) => s.id),
    list,
    '[data-testid="snippet-delete"]',
    () => search.current ?? heading.current,
    !remove.isPending,
  );
  if (!support.kept)
    return (
      <div className="settings-page" data-testid="snippets-screen">
        <h2>Saved snippets</h2>
        <Empty>
          <span data-testid="snippets-unsupported">
            This server does not keep saved snippets: they came with a later version of the service.
          </span>
        </Empty>
      </div>
    );
  return (
    <div className="settings-page" data-testid="snippets-screen">
      <h2>Saved snippets</h2>
      <p className="muted small">
        Text you use often. Insert one from the “Snippets” button under any compose box.
      </p>
      <section className="settings-group" aria-labelledby="new-snippet">
        <h3 id="new-snippet">New snippet</h3>
        <SnippetForm />
      </section>
      <section className="settings-group" aria-labelledby="your-snippets">
        <h3 id="your-snippets" ref={heading} tabIndex={-1}>
          Your snippets
        </h3>
        {snippets === undefined ? (
          <Loading />
        ) : snippets.length === 0 ? (
          <Empty>No saved snippets yet.</Empty>
        ) : (
          <>
            <input
              type="search"
              aria-label="Search snippets"
              ref={search}
              placeholder="Search snippets"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            {removeFailure && (
              <p className="form-error" role="alert" data-testid="snippet-delete-error">
                Not deleted: {errorText(removeFailure)}
              </p>
            )}
            <ul className="card-list" data-testid="snippets-list" ref={list}>
              {shown.map((s, index) => (
                <li key={s.id} className="card" data-testid={`snippet-${s.id}`}>
                  {editingId === s.id ? (
                    <SnippetForm
                      editing={s}
                      deleted={!snippets.includes(s)}
                      onSaved={() => setEditingId(null)}
                      onCancel={() => setEditingId(null)}
                    />
                  ) : (
                    <>
                      <header className="card-header">
                        <strong className="ellipsis">{s.title}</strong>
                      </header>
                      <p className="card-content">{s.content}</p>
                      <div className="card-actions">
                        {support.editable && (
                          <button
                            type="button"
                            className="btn btn-small"
                            data-testid="snippet-edit"
                            // Back after the edit closes (saved or cancelled): the keyboard goes on here.
                            ref={takeDroppedFocus}
                            aria-label={`Edit snippet ${s.title}`}
                            onClick={() => setEditingId(s.id)}
                          >
                            Edit
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-small"
                          data-testid="snippet-delete"
                          aria-label={`Delete snippet ${s.title}`}
                          disabled={remove.isPending}
                          onClick={() => {
                            deleting({ key: s.id, at: index });
                            remove.mutate(s.id, { onError: () => deleting(null) });
                          }}
                        >
                          Delete
                        </button>
                      </div>
                    </>
                  )}
                </li>
              ))}
              {shown.length === 0 && <Empty>No snippet matches.</Empty>}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
