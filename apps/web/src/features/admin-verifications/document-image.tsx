import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';

const ZOOMS = [1, 1.5, 2, 3] as const;

/**
 * One side of an ID document as the reviewer reads it: zoom in and out (the picture grows inside
 * its frame, which scrolls to reach every corner) and rotate by quarter turns (a CSS transform);
 * the image itself is never changed. `onBroken` asks for a fresh link when the
 * short-lived one has run out.
 */
export function DocumentImage({
  label,
  url,
  onBroken,
}: {
  label: string;
  url: string | null;
  onBroken?: () => void;
}) {
  const [zoom, setZoom] = useState(0);
  const [turns, setTurns] = useState(0);
  const scale = ZOOMS[zoom] ?? 1;
  const degrees = turns * 90;

  return (
    <figure aria-label={label} className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <figcaption className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">{label}</span>
        {url ? (
          <span className="flex gap-1">
            <Button
              variant="secondary"
              className="px-2.5 py-1 text-xs"
              aria-label={`Zoom out ${label}`}
              disabled={zoom === 0}
              onClick={() => setZoom((z) => Math.max(0, z - 1))}
            >
              −
            </Button>
            <span
              className="w-12 self-center text-center text-xs text-slate-600 tabular-nums"
              aria-live="polite"
            >
              {Math.round(scale * 100)}%
            </span>
            <Button
              variant="secondary"
              className="px-2.5 py-1 text-xs"
              aria-label={`Zoom in ${label}`}
              disabled={zoom === ZOOMS.length - 1}
              onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
            >
              +
            </Button>
            <Button
              variant="secondary"
              className="px-2.5 py-1 text-xs"
              aria-label={`Rotate ${label}`}
              onClick={() => setTurns((t) => (t + 1) % 4)}
            >
              ↻
            </Button>
          </span>
        ) : null}
      </figcaption>
      <div
        className={`flex h-64 overflow-auto rounded-md bg-white sm:h-80 ${
          zoom === 0 ? 'items-center justify-center' : 'items-start justify-start'
        }`}
      >
        {url ? (
          <img
            src={url}
            alt={label}
            data-rotation={degrees}
            data-zoom={scale}
            onError={onBroken}
            style={{
              transform: `rotate(${degrees}deg)`,
              ...(zoom === 0 ? {} : { width: `${scale * 100}%`, maxWidth: 'none', maxHeight: 'none' }),
            }}
            className="max-h-full max-w-full shrink-0 origin-center object-contain transition-transform"
          />
        ) : (
          <p className="text-sm text-slate-500">Not provided</p>
        )}
      </div>
    </figure>
  );
}
