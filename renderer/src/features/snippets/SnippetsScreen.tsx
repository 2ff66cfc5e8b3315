import { useState } from 'react';
import { errorText } from '../../api/call';
import { Empty, Loading } from '../../components/states';
import { SnippetForm } from './SnippetForm';
import { filterSnippets } from './snippets';
import { useDeleteSnippet, useSavedSnippets } from './useSnippets';

/** Spec 4.19: saved snippets, to insert from any compose box. */
export function SnippetsScreen() {
  const snippets = useSavedSnippets();
  const remove = useDeleteSnippet();
  const [query, setQuery] = useState('');
  const [editingId, setEditingId] = useState<number | null>(null);
  const shown = filterSnippets(snippets ?? [], query);
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
        <h3 id="your-snippets">Your snippets</h3>
        {snippets === undefined ? (
          <Loading />
        ) : snippets.length === 0 ? (
          <Empty>No saved snippets yet.</Empty>
        ) : (
          <>
            <input
              type="search"
              aria-label="Search snippets"
              placeholder="Search snippets"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            {remove.isError && (
              <p className="form-error" role="alert">
                Not deleted: {errorText(remove.error)}
              </p>
            )}
            <ul className="card-list" data-testid="snippets-list">
              {shown.map((s) => (
                <li key={s.id} className="card" data-testid={`snippet-${s.id}`}>
                  {editingId === s.id ? (
                    <SnippetForm
                      editing={s}
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
                        <button
                          type="button"
                          className="btn btn-small"
                          data-testid="snippet-edit"
                          aria-label={`Edit snippet ${s.title}`}
                          onClick={() => setEditingId(s.id)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn btn-small"
                          data-testid="snippet-delete"
                          aria-label={`Delete snippet ${s.title}`}
                          disabled={remove.isPending}
                          onClick={() => remove.mutate(s.id)}
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
