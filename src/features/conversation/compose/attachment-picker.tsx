import { useId, useRef, type ChangeEvent } from 'react';
import { showScreenNews } from '../../../ui/use-screen-toast.ts';
import { ATTACHMENTS_MAX_COUNT, ATTACHMENTS_MAX_TOTAL_BYTES } from '../../../shared/rules/attachment.ts';
import { formatFileSize } from '../../../shared/rules/sizes.ts';
import { FileRow } from './file-row.tsx';
import { refusalText } from './refusals.tsx';
import { base64Bytes } from './attachment-checks.ts';
import { sentFile, type Attachments } from './use-attachments.ts';
import '../../../ui/button.css';
import '../../../ui/field.css';
import { conversationText } from '../messages.ts';

interface AttachmentPickerProps {
  attachments: Attachments;
  dataSaver: { on: boolean; change: (on: boolean) => void };
}

/** 'Add Files' is a real file input under a button-styled label, so it is reachable by keyboard. */
export function AttachmentPicker({ attachments, dataSaver }: AttachmentPickerProps) {
  const t = conversationText().chat;
  const limitText = formatFileSize(ATTACHMENTS_MAX_TOTAL_BYTES);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const saverHintId = `${inputId}-saver-hint`;
  const input = useRef<HTMLInputElement>(null);
  const { items, preparing } = attachments;
  const sent = items.map(sentFile);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Emptied, so picking the same file again after removing it still fires a change.
    event.target.value = '';
    void attachments.add(picked).then((refused) => {
      for (const refusal of refused) showScreenNews('error', refusalText(refusal));
    });
  };

  const remove = (key: number) => {
    attachments.remove(key);
    input.current?.focus();
  };

  const sendOriginal = (key: number, on: boolean) => {
    if (attachments.setSendOriginal(key, on)) return;
    const name = items.find((item) => item.key === key)?.original.name ?? '';
    showScreenNews('error', t.originalTooBig(name, limitText));
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
        {t.filesHint(ATTACHMENTS_MAX_COUNT, limitText)}
      </p>
      <div className="data-saver">
        <input
          id={`${inputId}-saver`}
          type="checkbox"
          className="data-saver__input"
          checked={dataSaver.on}
          aria-describedby={saverHintId}
          onChange={(event) => dataSaver.change(event.target.checked)}
        />
        <label htmlFor={`${inputId}-saver`} className="data-saver__label">
          {t.dataSaver}
        </label>
        <p id={saverHintId} className="field__hint data-saver__hint">
          {t.dataSaverHint}
        </p>
      </div>
      <p className="file-picker__preparing" role="status">
        {preparing ? t.preparing : ''}
      </p>
      {items.length > 0 && (
        <>
          <ul className="file-list" aria-label={t.filesLabel}>
            {items.map((item) => (
              <FileRow key={item.key} item={item} onRemove={remove} onSendOriginal={sendOriginal} />
            ))}
          </ul>
          <p className="file-picker__cost">{t.networkCost(formatFileSize(base64Bytes(sent)))}</p>
        </>
      )}
    </div>
  );
}
