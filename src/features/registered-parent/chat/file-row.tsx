import { formatFileSize } from '../../../shared/rules/sizes.ts';
import { parentText } from '../messages.ts';
import { sentFile, type Attachment } from './use-attachments.ts';

interface FileRowProps {
  item: Attachment;
  onRemove: (key: number) => void;
  onSendOriginal: (key: number, sendOriginal: boolean) => void;
}

/** One attached file: its name, its size (and the size it is sent at, when the data saver made it smaller). */
export function FileRow({ item, onRemove, onSendOriginal }: FileRowProps) {
  const t = parentText().chat;
  const { key, original, smaller } = item;
  const sent = sentFile(item);
  const originalSize = formatFileSize(original.size);
  const sentSize = formatFileSize(sent.size);
  return (
    <li className="file-list__item">
      <span className="file-list__name" title={original.name}>
        {original.name}
      </span>
      {sent === original ? (
        <span className="file-list__size">{originalSize}</span>
      ) : (
        <span className="file-list__size">
          <span aria-hidden="true">{t.sizes(originalSize, sentSize)}</span>
          <span className="visually-hidden">{t.sizesLabel(originalSize, sentSize)}</span>
        </span>
      )}
      <button
        type="button"
        className="file-list__remove"
        aria-label={t.remove(original.name)}
        onClick={() => onRemove(key)}
      >
        <span aria-hidden="true">×</span>
      </button>
      {smaller && (
        <label className="file-list__original">
          <input
            type="checkbox"
            checked={item.sendOriginal}
            aria-label={t.sendOriginalOf(original.name)}
            onChange={(event) => onSendOriginal(key, event.target.checked)}
          />
          {t.sendOriginal}
        </label>
      )}
    </li>
  );
}
