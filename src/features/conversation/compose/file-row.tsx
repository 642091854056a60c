import { useEffect, useRef } from 'react';
import { formatFileSize } from '../../../shared/rules/sizes.ts';
import { sentFile, type Attachment } from './use-attachments.ts';
import { conversationText } from '../messages.ts';

interface FileRowProps {
  item: Attachment;
  onRemove: (key: number) => void;
  onSendOriginal: (key: number, sendOriginal: boolean) => void;
}

/**
 * A photo drawn from the file on the phone: its address is made when the
 * thumbnail is shown and freed when it goes or the file changes. The name
 * beside it says what it is, so the picture itself is decoration.
 */
function Thumbnail({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (!element) return undefined;
    const address = URL.createObjectURL(file);
    element.src = address;
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(address);
    };
  }, [file]);
  return <img ref={image} className="file-list__thumbnail" alt="" width={48} height={48} decoding="async" />;
}

/**
 * One attached file: a photo's thumbnail, its name, its size (and the size it
 * is sent at, when the data saver made it smaller).
 */
export function FileRow({ item, onRemove, onSendOriginal }: FileRowProps) {
  const t = conversationText().chat;
  const { key, original, smaller } = item;
  const sent = sentFile(item);
  // The copy that is sent: the smaller one when there is one, cheaper to draw.
  const photo = sent.type.startsWith('image/');
  const originalSize = formatFileSize(original.size);
  const sentSize = formatFileSize(sent.size);
  return (
    <li className={photo ? 'file-list__item file-list__item--photo' : 'file-list__item'}>
      {photo && <Thumbnail file={sent} />}
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
