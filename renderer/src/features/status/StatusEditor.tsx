import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { EndpointParams } from '../../../../shared/api';
import { callApi, errorText } from '../../api/call';
import { unmetError } from '../../api/unmet-error';
import { useBridge } from '../../app/bridge-context';
import { useSelfId } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { EmojiPicker } from '../reactions/EmojiPicker';
import { EmojiGlyph } from '../reactions/Reactions';
import {
  CLEAR_STATUS,
  followSavedStatus,
  formOfStatus,
  STATUS_TEXT_LIMIT,
  statusHolds,
  statusLength,
  statusUpdate,
  type StatusForm,
} from './status-form';
import '../settings/settings.css';

/** Spec 4.11: the user's status text (60 characters at most) and emoji, or none. */
export function StatusEditor() {
  const selfId = useSelfId();
  const status = useInitialState((s) => (selfId === undefined ? undefined : s.user_status?.[String(selfId)]));
  const bridge = useBridge();
  const send = useMutation({
    mutationFn: (params: EndpointParams<'updateStatus'>) => callApi(bridge, 'updateStatus', params),
  });
  return <StatusFormView saved={formOfStatus(status)} send={send} />;
}

type StatusMutation = ReturnType<typeof useMutation<unknown, Error, EndpointParams<'updateStatus'>>>;

function StatusFormView({ saved, send }: { saved: StatusForm; send: StatusMutation }) {
  const [form, setForm] = useState<StatusForm>(saved);
  // The server's status changed (saved here or in another window): the form shows it, keeping
  // what the person typed and did not save. Set while rendering rather than by re-mounting the
  // form, which took the focus away from the field.
  const [shown, setShown] = useState(saved);
  if (JSON.stringify(shown) !== JSON.stringify(saved)) {
    setShown(saved);
    setForm((f) => followSavedStatus(shown, f, saved));
  }
  const textField = useRef<HTMLInputElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const [picking, setPicking] = useState(false);
  const length = statusLength(form.text);
  const over = length > STATUS_TEXT_LIMIT;
  const update = statusUpdate(saved, form);
  const isSet = saved.text !== '' || saved.emoji !== null;
  const failure = unmetError(send, (asked) => statusHolds(saved, asked));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (over || !update || send.isPending) return;
    send.mutate(update);
  };

  return (
    <div className="settings-page" data-testid="status-editor">
      <h2>Your status</h2>
      <form className="status-form" onSubmit={submit}>
        <div className="status-line">
          <div className="picker-anchor">
            <button
              ref={emojiButton}
              type="button"
              className="btn status-emoji"
              data-testid="status-emoji"
              aria-label={form.emoji ? `Emoji: ${form.emoji.emoji_name}. Change` : 'Pick an emoji'}
              aria-expanded={picking}
              onClick={() => setPicking((p) => !p)}
            >
              {form.emoji ? (
                <EmojiGlyph
                  name={form.emoji.emoji_name}
                  code={form.emoji.emoji_code}
                  type={form.emoji.reaction_type}
                />
              ) : (
                '☺'
              )}
            </button>
            {picking && (
              <EmojiPicker
                onClose={() => setPicking(false)}
                onPick={(e) => {
                  setForm((f) => ({
                    ...f,
                    emoji: { emoji_name: e.name, emoji_code: e.code, reaction_type: e.reaction_type },
                  }));
                  setPicking(false);
                  send.reset();
                }}
              />
            )}
          </div>
          <input
            ref={textField}
            data-section-focus
            className="status-text"
            data-testid="status-text"
            aria-label="Status text"
            aria-invalid={over || undefined}
            aria-describedby="status-counter"
            placeholder="What's your status?"
            value={form.text}
            onChange={(e) => {
              setForm((f) => ({ ...f, text: e.target.value }));
              send.reset();
            }}
          />
          <span
            id="status-counter"
            className={`status-counter small${over ? ' over' : ' muted'}`}
            data-testid="status-counter"
            aria-live="polite"
          >
            {length}/{STATUS_TEXT_LIMIT}
          </span>
        </div>
        {form.emoji && (
          <span className="inline small">
            <span className="muted" data-testid="status-emoji-name">
              Emoji :{form.emoji.emoji_name}:
            </span>
            <button
              type="button"
              className="btn-link small"
              data-testid="status-emoji-remove"
              onClick={() => {
                setForm((f) => ({ ...f, emoji: null }));
                // This button goes with the emoji: the focus goes to the button that picks another.
                emojiButton.current?.focus();
              }}
            >
              Remove emoji
            </button>
          </span>
        )}
        {over && (
          <p className="form-error" data-testid="status-too-long">
            A status can be at most {STATUS_TEXT_LIMIT} characters; remove {length - STATUS_TEXT_LIMIT}.
          </p>
        )}
        <div className="inline">
          <button
            type="submit"
            className="btn btn-primary"
            data-testid="status-save"
            disabled={over || !update || send.isPending}
          >
            {send.isPending ? 'Saving…' : 'Save status'}
          </button>
          <button
            type="button"
            className="btn"
            data-testid="status-clear"
            disabled={!isSet || send.isPending}
            onClick={() => {
              setForm({ text: '', emoji: null });
              send.mutate({ ...CLEAR_STATUS });
              // This button is disabled once nothing is set: the focus goes where a new one is typed.
              textField.current?.focus();
            }}
          >
            Clear status
          </button>
        </div>
        {failure && (
          <p className="form-error" role="alert" data-testid="status-error">
            Status not changed: {errorText(failure)}
          </p>
        )}
        {send.isSuccess && (
          <p className="muted small" role="status" data-testid="status-saved">
            Status saved.
          </p>
        )}
      </form>
    </div>
  );
}
