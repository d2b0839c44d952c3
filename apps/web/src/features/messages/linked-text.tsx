import { splitLinks } from './split-links.ts';

/** Plain text with its web addresses as links; never interpreted as HTML. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            // Parts never move, so their position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is derived from fixed text
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-brand-700 underline decoration-brand-500/40 underline-offset-2 hover:text-brand-600"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is derived from fixed text
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
