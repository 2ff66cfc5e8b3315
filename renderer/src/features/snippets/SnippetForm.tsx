import { useState } from 'react';
import { errorText } from '../../api/call';
import { useCreateSnippet } from './useSnippets';

/** Title and text of a new snippet; the server judges empty fields. */
export function SnippetForm({
  initialContent = '',
  onCreated,
  onCancel,
}: {
  initialContent?: string;
  onCreated?: (id: number) => void;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState(initialContent);
  const create = useCreateSnippet();
  const submit = () => {
    if (create.isPending) return;
    create.mutate(
      { title, content },
      {
        onSuccess: (data) => {
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
      aria-label="New snippet"
      data-testid="snippet-form"
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
      <label className="field">
        <span>Title</span>
        <input
          data-testid="snippet-title"
          value={title}
          autoFocus={Boolean(initialContent)}
          onChange={(e) => {
            setTitle(e.target.value);
            create.reset();
          }}
        />
      </label>
      <label className="field">
        <span>Text</span>
        <textarea
          data-testid="snippet-content"
          rows={3}
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
            create.reset();
          }}
        />
      </label>
      {create.isError && (
        <p className="form-error" role="alert" data-testid="snippet-error">
          Not saved: {errorText(create.error)}
        </p>
      )}
      <div className="inline">
        <button
          type="button"
          className="btn btn-primary"
          data-testid="snippet-save"
          disabled={create.isPending}
          onClick={submit}
        >
          {create.isPending ? 'Saving…' : 'Save snippet'}
        </button>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
