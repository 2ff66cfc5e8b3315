import { useCallback, useEffect, useMemo, type RefObject } from 'react';
import { ApiCallError } from '../../../../shared/failures';
import { errorSentence } from '../../api/call';
import { useBridge } from '../../app/bridge-context';
import { useUserSetting } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { currentAccountScope, updateForAccount } from '../../state/account-scope';
import { useComposeStore } from '../../state/compose';
import { changeSavedDraft } from '../drafts/saved-draft-text';
import { sendFile } from './send-file';
import {
  insertAtCursor,
  replacePlaceholder,
  sizeRefusal,
  uploadedLink,
  uploadingPlaceholder,
} from './upload-text';
import {
  uploadControllers,
  useDropTarget,
  useUploadsStore,
  withItemChanged,
  withoutItem,
  type UploadItem,
} from './uploads-store';

let nextId = 1;

/** The text an upload writes into: its placeholder now, its link (or nothing) when it ends. */
export interface UploadText {
  read(): string;
  write(text: string): void;
  /**
   * Taken as a file is added: changes the text when its upload ends, wherever that text is by then
   * (another conversation shown, another account, a dialog closed).
   */
  laterChange(): (change: (text: string) => string) => void;
}

/**
 * Files for one text box (`listKey` names its files in the uploads store): each is checked against
 * the organization's size limit, gets a placeholder at the cursor, goes up through main with its
 * progress in the uploads store, and its placeholder becomes the link when the server answered (or
 * goes away if it failed or was cancelled).
 */
export function useFileUploads(
  listKey: string,
  textarea: RefObject<HTMLTextAreaElement | null>,
  target: UploadText,
) {
  const bridge = useBridge();
  const limitMib = useInitialState((s) =>
    typeof s.max_file_upload_size_mib === 'number' ? s.max_file_upload_size_mib : undefined,
  );

  return useCallback(
    (files: File[]) => {
      const store = useUploadsStore.getState();
      // Its progress and outcome belong to this account's list, wherever the window is by then.
      const accountId = currentAccountScope();
      const changeItems = (change: (items: UploadItem[]) => UploadItem[]) =>
        updateForAccount(accountId, useUploadsStore, (s) => ({ items: change(s.items) }));
      let cursor: number | null = null;
      for (const file of files) {
        const id = `upload-${nextId++}`;
        const base = { id, composeKey: listKey, name: file.name, size: file.size, sent: 0 };
        const refusal = sizeRefusal(file, limitMib);
        if (refusal) {
          store.add({ ...base, state: 'failed', error: refusal });
          continue;
        }
        const placeholder = uploadingPlaceholder(file.name);
        const text = target.read();
        // Several files at once go one after another from the cursor (the box has not re-rendered yet).
        const element = textarea.current;
        const start = cursor ?? (element ? element.selectionStart : text.length);
        const end = cursor ?? (element ? element.selectionEnd : text.length);
        const inserted = insertAtCursor(text, start, end, placeholder);
        cursor = inserted.cursor;
        target.write(inserted.text);
        requestAnimationFrame(() => textarea.current?.setSelectionRange(inserted.cursor, inserted.cursor));

        const change = target.laterChange();
        const replace = (replacement: string) =>
          change((current) => replacePlaceholder(current, placeholder, replacement));
        const controller = new AbortController();
        uploadControllers.set(id, controller);
        store.add({ ...base, state: 'uploading' });
        void sendFile(bridge, file, {
          signal: controller.signal,
          onProgress: (sent) => changeItems((items) => withItemChanged(items, id, { sent })),
        }).then((result) => {
          uploadControllers.delete(id);
          if (result.ok) {
            replace(uploadedLink(result.value.filename || file.name, result.value.url));
            changeItems((items) => withoutItem(items, id));
          } else if ('cancelled' in result) {
            replace('');
            changeItems((items) => withoutItem(items, id));
          } else {
            replace('');
            const error = `“${file.name}” was not uploaded: ${errorSentence(new ApiCallError(result.error))}`;
            changeItems((items) => withItemChanged(items, id, { state: 'failed', error }));
          }
        });
      }
    },
    [bridge, listKey, limitMib, target, textarea],
  );
}

/**
 * Files for one compose box, whose text is the compose store's under `composeKey`. While mounted,
 * the box is where files dropped on the conversation go.
 */
export function useUploads(
  composeKey: string,
  textarea: RefObject<HTMLTextAreaElement | null>,
  enabled: boolean,
) {
  const bridge = useBridge();
  const syncOn = useUserSetting<boolean>('enable_drafts_synchronization', true);
  const target = useMemo<UploadText>(
    () => ({
      read: () => useComposeStore.getState().drafts[composeKey] ?? '',
      write: (text) => useComposeStore.getState().setText(composeKey, text),
      laterChange: () => {
        const accountId = currentAccountScope();
        // The conversation's text and its saved draft, wherever the person is by then.
        return (change) => {
          updateForAccount(accountId, useComposeStore, (s) => ({
            drafts: { ...s.drafts, [composeKey]: change(s.drafts[composeKey] ?? '') },
          }));
          changeSavedDraft(bridge, accountId, composeKey, change, syncOn);
        };
      },
    }),
    [bridge, composeKey, syncOn],
  );
  const addFiles = useFileUploads(composeKey, textarea, target);

  useEffect(() => {
    if (!enabled) return;
    useDropTarget.setState({ addFiles });
    return () => {
      if (useDropTarget.getState().addFiles === addFiles) useDropTarget.setState({ addFiles: null });
    };
  }, [addFiles, enabled]);

  return addFiles;
}

export function cancelUpload(id: string): void {
  uploadControllers.get(id)?.abort();
}
