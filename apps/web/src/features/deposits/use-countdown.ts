import { useEffect, useState } from 'react';
import { secondsUntil } from './deposit-format.ts';

/** Seconds left until `expiresAt`, ticking once a second and stopping at zero. */
export function useCountdown(expiresAt: string): number {
  const [left, setLeft] = useState(() => secondsUntil(expiresAt, Date.now()));
  useEffect(() => {
    setLeft(secondsUntil(expiresAt, Date.now()));
    const timer = setInterval(() => {
      const next = secondsUntil(expiresAt, Date.now());
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return left;
}
