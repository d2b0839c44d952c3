/** A trader's profile image, or their initials on a tinted disc when there is none. */
export function TraderAvatar({
  name,
  imageUrl,
  size = 'h-14 w-14 text-lg',
}: {
  name: string;
  imageUrl: string | null;
  size?: string;
}) {
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        className={`${size} shrink-0 rounded-full object-cover ring-1 ring-slate-200`}
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700`}
    >
      {initials}
    </span>
  );
}
