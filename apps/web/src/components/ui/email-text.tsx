import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects it to: after the "@" and before each dot
 * ("carla@" / "example.com"), rather than inside a word ("carla@example.co" / "m"). A part longer
 * than the line still wraps within itself (the element's `wrap-anywhere`).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in their fixed order
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
