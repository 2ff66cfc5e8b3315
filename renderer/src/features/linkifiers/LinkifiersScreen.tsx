import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FeatureLevel } from '../../../../shared/api/feature-levels';
import type { Linkifier } from '../../../../shared/api/resources';
import { ApiCallError } from '../../../../shared/errors';
import type { ChatBridge } from '../../../../shared/ipc';
import { callApi, errorText } from '../../api/call';
import { getInitialState } from '../../api/keys';
import { unmetError } from '../../api/unmet-error';
import { useBridge } from '../../app/bridge-context';
import { useIsAdmin } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { takeDroppedFocus } from '../../components/focus-fallback';
import { holdsText } from '../../components/holds-text';
import { useRowsKeepingEdited } from '../../components/keep-edited-row';
import { useFocusAfterRowRemoved } from '../../components/row-removal-focus';
import { Empty, Loading } from '../../components/states';
import { compilePattern, previewSegments, templateProblems } from './preview';

/**
 * Spec 4.20 and the real service's linkifier settings: administrators add, edit, delete and reorder
 * the organization's linkifiers (order decides which wins where two patterns match the same text).
 */
export function LinkifiersScreen() {
  const linkifiers = useInitialState((s) => s.realm_linkifiers);
  const isAdmin = useIsAdmin();
  // Before level 202 the server keeps its own order: arrows would only be refused.
  const level = useInitialState((s) => s.service_feature_level);
  const mayReorder = level === undefined || level >= FeatureLevel.reorderLinkifiers;
  const [editing, setEditing] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const bridge = useBridge();
  const reorder = useMutation({
    mutationFn: (ids: number[]) => callApi(bridge, 'reorderLinkifiers', { ordered_linkifier_ids: ids }),
  });
  // A move whose answer was lost may have gone through: its event then shows the order asked.
  const reorderFailure = unmetError(reorder, (ids) => linkifiers?.map((l) => l.id).join() === ids.join());
  const list = useRef<HTMLOListElement>(null);
  const moving = useRef<{ id: number; to: number; by: -1 | 1 } | null>(null);
  const move = (index: number, by: -1 | 1) => {
    if (!linkifiers) return;
    const ids = linkifiers.map((l) => l.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    moving.current = { id: moved!, to: index + by, by };
    reorder.mutate(ids, { onError: () => (moving.current = null) });
  };
  // Once moved (the arrows were disabled meanwhile, and the row may have been taken out and put
  // back), the moved row's same arrow has the focus again, or its other one at the list's end.
  useEffect(() => {
    const done = moving.current;
    if (!done || reorder.isPending || linkifiers?.[done.to]?.id !== done.id) return;
    moving.current = null;
    const row = list.current?.querySelector<HTMLElement>(`[data-testid="linkifier-${done.id}"]`);
    const arrows = ['linkifier-move-up', 'linkifier-move-down'].map((id) =>
      row?.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`),
    );
    const [same, other] = done.by < 0 ? arrows : arrows.reverse();
    const target = same && !same.disabled ? same : other;
    if (target && (row?.contains(document.activeElement) ?? false)) target.focus();
    else takeDroppedFocus(target ?? null);
  }, [linkifiers, reorder.isPending]);
  const heading = useRef<HTMLHeadingElement>(null);
  // A linkifier deleted by someone else while it is edited keeps its form, and what was typed.
  const rows = useRowsKeepingEdited(linkifiers ?? [], editing);
  // Once deleted (its row gone with the focus), the row now in its place has it, on its Delete.
  const deleting = useFocusAfterRowRemoved(
    linkifiers?.map((l) => l.id),
    list,
    DELETE_BUTTON,
    () => heading.current,
  );
  return (
    <div className="settings-page" data-testid="linkifiers-screen">
      <h2 ref={heading} tabIndex={-1}>
        Linkifiers
      </h2>
      <p className="muted small">
        Text in messages that matches a pattern becomes a link. Patterns use Python-style named groups such as{' '}
        <code>(?P&lt;id&gt;[0-9]+)</code>, which the URL template uses as <code>{'{id}'}</code>. Where two
        patterns match the same text, the one higher in the list wins.
      </p>
      {!isAdmin && (
        <p className="notice" role="note">
          Only organization administrators can change linkifiers.
        </p>
      )}
      {isAdmin &&
        (adding ? (
          <section className="card" aria-label="New linkifier">
            <LinkifierForm onDone={() => setAdding(false)} />
          </section>
        ) : (
          <div>
            <button
              type="button"
              className="btn"
              data-testid="linkifier-add"
              // Back after the form closes (added or cancelled): the keyboard goes on from here.
              ref={takeDroppedFocus}
              onClick={() => setAdding(true)}
            >
              Add linkifier
            </button>
          </div>
        ))}
      {reorderFailure && (
        <p className="form-error" role="alert" data-testid="linkifier-reorder-error">
          Not moved: {errorText(reorderFailure)}
        </p>
      )}
      {linkifiers === undefined ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty>This organization has no linkifiers.</Empty>
      ) : (
        <ol className="card-list" data-testid="linkifiers-list" ref={list}>
          {rows.map((l) => {
            // Its place in the server's order (a deleted row kept for its form has none).
            const index = linkifiers.indexOf(l);
            return (
              <li key={l.id} className="card" data-testid={`linkifier-${l.id}`}>
                {editing === l.id ? (
                  <LinkifierForm
                    linkifier={l}
                    deleted={!linkifiers.includes(l)}
                    onDone={() => setEditing(null)}
                  />
                ) : (
                  <div className="linkifier-row">
                    <code
                      className="ellipsis linkifier-pattern"
                      data-testid="linkifier-pattern"
                      title={l.pattern}
                    >
                      {l.pattern}
                    </code>
                    <span aria-hidden="true">→</span>
                    <code
                      className="ellipsis linkifier-template"
                      data-testid="linkifier-template"
                      title={l.url_template ?? l.url_format}
                    >
                      {l.url_template ?? l.url_format}
                    </code>
                    {isAdmin && (
                      <span className="card-actions card-time">
                        {mayReorder && (
                          <>
                            <button
                              type="button"
                              className="btn btn-small"
                              data-testid="linkifier-move-up"
                              aria-label={`Move ${l.pattern} up`}
                              disabled={index === 0 || reorder.isPending}
                              onClick={() => move(index, -1)}
                            >
                              ↑
                            </button>
                            <button
                              type="button"
                              className="btn btn-small"
                              data-testid="linkifier-move-down"
                              aria-label={`Move ${l.pattern} down`}
                              disabled={index === linkifiers.length - 1 || reorder.isPending}
                              onClick={() => move(index, 1)}
                            >
                              ↓
                            </button>
                          </>
                        )}
                        <button
                          type="button"
                          className="btn btn-small"
                          data-testid="linkifier-edit"
                          aria-label={`Edit ${l.pattern}`}
                          ref={takeDroppedFocus}
                          onClick={() => setEditing(l.id)}
                        >
                          Edit
                        </button>
                        <DeleteLinkifier
                          linkifier={l}
                          onDeleting={(started) => deleting(started ? { key: l.id, at: index } : null)}
                        />
                      </span>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

const DELETE_BUTTON = 'button[data-testid^="linkifier-delete"]';

/**
 * Delete asks once more: a linkifier's links vanish from every message that used it. `onDeleting`
 * hears when the deletion starts (true) and when it was refused (false).
 */
function DeleteLinkifier({
  linkifier,
  onDeleting,
}: {
  linkifier: Linkifier;
  onDeleting: (started: boolean) => void;
}) {
  const bridge = useBridge();
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const remove = useMutation({
    mutationFn: () => callApi(bridge, 'deleteLinkifier', { filter_id: linkifier.id }),
    onMutate: () => onDeleting(true),
    onError: () => onDeleting(false),
  });
  // One button asks and then confirms, so the keyboard's focus is on "Delete it" once asked, and
  // Keep gives it back to Delete.
  return (
    <>
      <button
        type="button"
        ref={deleteButton}
        className={confirming ? 'btn btn-small btn-danger' : 'btn btn-small'}
        data-testid={confirming ? 'linkifier-delete-confirm' : 'linkifier-delete'}
        aria-label={confirming ? undefined : `Delete ${linkifier.pattern}`}
        disabled={remove.isPending}
        onClick={() => (confirming ? remove.mutate() : setConfirming(true))}
      >
        {!confirming ? 'Delete' : remove.isPending ? 'Deleting…' : 'Delete it'}
      </button>
      {confirming && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            setConfirming(false);
            deleteButton.current?.focus();
          }}
        >
          Keep
        </button>
      )}
      {remove.isError && (
        <span className="form-error" role="alert" data-testid="linkifier-delete-error">
          Not deleted: {errorText(remove.error)}
        </span>
      )}
    </>
  );
}

/** Edits `linkifier`, or adds a new one when there is none. */
export function LinkifierForm({
  linkifier,
  deleted = false,
  onDone,
}: {
  linkifier?: Linkifier;
  /** `linkifier` was deleted (elsewhere) while edited: saving adds it again. */
  deleted?: boolean;
  onDone: () => void;
}) {
  const updating = linkifier !== undefined && !deleted;
  const bridge = useBridge();
  const held = {
    pattern: linkifier?.pattern ?? '',
    template: linkifier?.url_template ?? linkifier?.url_format ?? '',
  };
  const [pattern, setPattern] = useState(held.pattern);
  const [template, setTemplate] = useState(held.template);
  // Changed elsewhere while open: a field left as it was takes the new value, so saving the other
  // field does not put back what someone else just changed; what was typed stays.
  const [shown, setShown] = useState(held);
  if (shown.pattern !== held.pattern || shown.template !== held.template) {
    setShown(held);
    if (pattern === shown.pattern) setPattern(held.pattern);
    if (template === shown.template) setTemplate(held.template);
  }
  const [sample, setSample] = useState('');
  const compiled = useMemo(() => compilePattern(pattern), [pattern]);
  const problems = [...(compiled.ok ? [] : [compiled.error]), ...templateProblems(compiled, template)];
  const segments = useMemo(() => previewSegments(sample, compiled, template), [sample, compiled, template]);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      const before = new Set((getInitialState(queryClient)?.realm_linkifiers ?? []).map((l) => l.id));
      try {
        if (updating)
          await callApi(bridge, 'updateLinkifier', {
            filter_id: linkifier.id,
            pattern,
            url_template: template,
          });
        else await callApi(bridge, 'createLinkifier', { pattern, url_template: template });
      } catch (error) {
        // Any failure but a refusal may have lost the answer of a save that went through: asked
        // again, a new one would be refused as a pattern already there.
        const refused = error instanceof ApiCallError && error.failure.kind === 'api';
        const isSaved = (l: Linkifier) =>
          (updating ? l.id === linkifier.id : !before.has(l.id)) &&
          l.pattern === pattern &&
          (l.url_template ?? l.url_format) === template;
        if (refused || !(await serverHasLinkifier(bridge, isSaved))) throw error;
      }
    },
    onSuccess: onDone,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problems.length || save.isPending) return;
    save.mutate();
  };
  const matches = segments.filter((s) => s.url !== undefined);

  return (
    <form
      className="linkifier-form"
      onSubmit={submit}
      data-testid="linkifier-form"
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        // As in the rest of the settings screen, Esc first leaves a field holding what was typed.
        if (holdsText(e.target)) e.currentTarget.focus();
        else onDone();
      }}
    >
      {deleted && (
        <p className="notice" role="alert" data-testid="linkifier-deleted">
          Someone deleted this linkifier while you were editing it. Your changes are still here: “Add
          linkifier” adds it again.
        </p>
      )}
      <label className="field">
        <span>Pattern</span>
        <input
          className="mono"
          data-testid="linkifier-pattern-input"
          autoFocus
          spellCheck={false}
          value={pattern}
          onChange={(e) => {
            setPattern(e.target.value);
            save.reset();
          }}
        />
      </label>
      <label className="field">
        <span>URL template</span>
        <input
          className="mono"
          data-testid="linkifier-template-input"
          spellCheck={false}
          value={template}
          onChange={(e) => {
            setTemplate(e.target.value);
            save.reset();
          }}
        />
      </label>
      {/* Said once something is typed: a new, empty form is not yet wrong. */}
      {problems.length > 0 && (pattern !== '' || template !== '') && (
        <ul className="form-error" data-testid="linkifier-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <fieldset className="field tester">
        <legend>Try it</legend>
        <textarea
          data-testid="linkifier-sample"
          aria-label="Sample message"
          rows={2}
          placeholder="Type a message to see what would become a link"
          value={sample}
          onChange={(e) => setSample(e.target.value)}
        />
        {sample && (
          <div className="tester-output" aria-live="polite">
            <p className="tester-preview" data-testid="linkifier-preview">
              {segments.map((s, i) =>
                s.url !== undefined ? (
                  <mark key={i} className="tester-link" title={s.url}>
                    {s.text}
                  </mark>
                ) : (
                  <span key={i}>{s.text}</span>
                ),
              )}
            </p>
            {matches.length === 0 ? (
              <p className="muted small" data-testid="linkifier-no-match">
                Nothing in this text would become a link.
              </p>
            ) : (
              <ul className="tester-matches" data-testid="linkifier-matches">
                {matches.map((m, i) => (
                  <li key={i}>
                    <code>{m.text}</code> → <span className="mono">{m.url}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </fieldset>
      {save.isError && (
        <p className="form-error" role="alert" data-testid="linkifier-error">
          Not saved: {errorText(save.error)}
        </p>
      )}
      <div className="inline">
        <button
          type="submit"
          className="btn btn-primary"
          data-testid="linkifier-save"
          disabled={problems.length > 0 || save.isPending}
        >
          {save.isPending ? 'Saving…' : updating ? 'Save' : 'Add linkifier'}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** True when the server answers with a linkifier that `matches`; false when it cannot tell. */
async function serverHasLinkifier(bridge: ChatBridge, matches: (l: Linkifier) => boolean): Promise<boolean> {
  try {
    const { linkifiers } = await callApi(bridge, 'getLinkifiers', {});
    return linkifiers.some(matches);
  } catch {
    return false;
  }
}
