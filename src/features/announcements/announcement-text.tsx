import { textLinks } from '../../shared/rules/text-links.ts';

/**
 * Staff's words as text, isolated by direction (dir="auto"), with their
 * `https:` addresses and phone numbers as links and nothing else as markup
 * (src/shared/rules/text-links.ts). An address opens in a new tab; a phone
 * number dials.
 */
export function AnnouncementText({ text, className }: { text: string; className: string }) {
  return (
    <p className={className} dir="auto">
      {textLinks(text).map((part, index) => {
        if (part.kind === 'text') return part.text;
        const web = part.href.startsWith('https:');
        return (
          <a key={index} href={part.href} {...(web && { target: '_blank', rel: 'noopener noreferrer' })}>
            {part.text}
          </a>
        );
      })}
    </p>
  );
}
