import { useState } from 'react';
import { errorText } from '../../api/call';
import type { SavedSnippet } from './snippets';
import { useCreateSnippet, useUpdateSnippet } from './useSnippets';

/** The real service's limit on a snippet's title (`SavedSnippet.MAX_TITLE_LENGTH`). */
export const SNIPPET_TITLE_MAX = 60;

/** What keeps a snippet from being saved, said before asking the server (whose one message for
 * either empty field is "Title cannot be empty."), or null. */
export function snippetProblem(title: string, content: string): string | null {
  // The title is stored trimmed.
  const length = [...title.trim()].length;
  if (length === 0) return 'Give the snippet a title.';
  if (length > SNIPPET_TITLE_MAX)
    return `Keep the title to ${SNIPPET_TITLE_MAX} characters (it has ${length}).`;
  if (content.trim() === '') return 'Give the snippet some text.';
  return null;
}

/**
 * Title and text of a snippet: a new one, or `editing` an existing one (only what changed is sent).
 */
export function SnippetForm({
  initialContent = '',
  editing,
  deleted = false,
  onCreated,
  onSaved,
  onCancel,
}: {
  initialContent?: string;
  editing?: SavedSnippet;
  /** `editing` was deleted (elsewhere) while edited: saving makes it again. */
  deleted?: boolean;
  onCreated?: (id: number) => void;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const held = { title: editing?.title ?? '', content: editing?.content ?? initialContent };
  const [title, setTitle] = useState(held.title);
  const [content, setContent] = useState(held.content);
  // The snippet changed elsewhere while edited: a field left as it was takes the new value (and so
  // is not sent back as it was); what was typed stays.
  const [shown, setShown] = useState(held);
  if (editing && (shown.title !== held.title || shown.content !== held.content)) {
    setShown(held);
    if (title === shown.title) setTitle(held.title);
    if (content === shown.content) setContent(held.content);
  }
  /** A problem found on the last Save, shown until the fields change. */
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateSnippet();
  const update = useUpdateSnippet();
  const updating = editing !== undefined && !deleted;
  const save = updating ? update : create;
  // The new-snippet form and an edited card can be on one screen: their test ids differ.
  const id = (name: string) => (editing ? `snippet-edit-${name}` : `snippet-${name}`);
  const submit = () => {
    if (save.isPending) return;
    const found = snippetProblem(title, content);
    setProblem(found);
    if (found) return;
    if (updating) {
      const changes = {
        ...(title !== editing.title ? { title } : {}),
        ...(content !== editing.content ? { content } : {}),
      };
      if (Object.keys(changes).length === 0) {
        onSaved?.();
        return;
      }
      update.mutate({ saved_snippet_id: editing.id, ...changes }, { onSuccess: () => onSaved?.() });
      return;
    }
    create.mutate(
      { title, content },
      {
        onSuccess: (data) => {
          if (editing) return onSaved?.();
          setTitle('');
          setContent('');
          onCreated?.(data.saved_snippet_id);
        },
      },
    );
  };
  return (
    // Not a <form>: this also opens inside the compose box's form, and forms must not nest.
    <div
      className="snippet-form"
      role="form"
      aria-label={editing ? `Edit snippet ${editing.title}` : 'New snippet'}
      data-testid={id('form')}
      onKeyDown={(e) => {
        const target = e.target as HTMLElement;
        const inTitle = target.tagName === 'INPUT';
        if (e.key === 'Enter' && (inTitle || e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          e.stopPropagation();
          submit();
        }
      }}
    >
      {deleted && (
        <p className="notice" role="alert" data-testid={id('deleted')}>
          This snippet was deleted elsewhere while you were editing it. Your text is still here: saving makes
          it again.
        </p>
      )}
      <label className="field">
        <span>Title</span>
        <input
          data-testid={id('title')}
          value={title}
          autoFocus={Boolean(initialContent) || Boolean(editing)}
          onChange={(e) => {
            setTitle(e.target.value);
            setProblem(null);
            save.reset();
          }}
        />
      </label>
      <label className="field">
        <span>Text</span>
        <textarea
          data-testid={id('content')}
          rows={3}
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
            setProblem(null);
            save.reset();
          }}
        />
      </label>
      {(problem !== null || save.isError) && (
        <p className="form-error" role="alert" data-testid={id('error')}>
          Not saved: {problem ?? errorText(save.error)}
        </p>
      )}
      <div className="inline">
        <button
          type="button"
          className="btn btn-primary"
          data-testid={id('save')}
          disabled={save.isPending}
          onClick={submit}
        >
          {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Save snippet'}
        </button>
        {onCancel && (
          <button type="button" className="btn" data-testid={id('cancel')} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
