'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` (for countdowns and the history window).
 */
export function useNow(intervalMs: number, clock: () => Date = () => new Date()): Date {
  const clockRef = useRef(clock);
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => setNow(clockRef.current()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
