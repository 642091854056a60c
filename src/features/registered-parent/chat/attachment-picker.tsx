import { useId, useRef, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { ATTACHMENTS_MAX_TOTAL_BYTES } from '../../../shared/rules/attachment.ts';
import { formatFileSize } from '../../../shared/rules/sizes.ts';
import { en } from '../messages.ts';
import { screenFiles, totalBytes } from './screen-files.ts';

const t = en.chat;
const LIMIT_TEXT = formatFileSize(ATTACHMENTS_MAX_TOTAL_BYTES);

/** A picked file with a key of its own: two files may share a name. */
export interface PickedFile {
  key: number;
  file: File;
}

let nextKey = 0;

interface AttachmentPickerProps {
  files: readonly PickedFile[];
  onChange: (files: PickedFile[]) => void;
}

/** 'Add Files' is a real file input under a button-styled label, so it is reachable by keyboard. */
export function AttachmentPicker({ files, onChange }: AttachmentPickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const attached = files.map(({ file }) => file);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Emptied, so picking the same file again after removing it still fires a change.
    event.target.value = '';
    const { accepted, refused } = screenFiles(attached, picked);
    for (const { file, reason } of refused) {
      toast.error(reason === 'type' ? t.invalidType(file.name) : t.overLimit(file.name, LIMIT_TEXT));
    }
    if (accepted.length > 0) onChange([...files, ...accepted.map((file) => ({ key: nextKey++, file }))]);
  };

  const remove = (key: number) => {
    onChange(files.filter((picked) => picked.key !== key));
    input.current?.focus();
  };

  return (
    <div className="field file-picker">
      <input
        id={inputId}
        ref={input}
        type="file"
        multiple
        accept="image/*,video/*,audio/*"
        className="visually-hidden file-picker__input"
        aria-describedby={hintId}
        onChange={onPick}
      />
      <label htmlFor={inputId} className="button button--secondary file-picker__label">
        {t.addFiles}
      </label>
      <p id={hintId} className="field__hint">
        {t.filesHint(LIMIT_TEXT)}
      </p>
      {files.length > 0 && (
        <>
          <p className="file-picker__used">{t.filesUsed(formatFileSize(totalBytes(attached)), LIMIT_TEXT)}</p>
          <ul className="file-list" aria-label={t.filesLabel}>
            {files.map(({ key, file }) => (
              <li key={key} className="file-list__item">
                <span className="file-list__name" title={file.name}>
                  {file.name}
                </span>
                <span className="file-list__size">{formatFileSize(file.size)}</span>
                <button
                  type="button"
                  className="file-list__remove"
                  aria-label={t.remove(file.name)}
                  onClick={() => remove(key)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
