import { useEffect, useState } from 'react'

/** Whole seconds until `at` (epoch ms), ticking each second; 0 once it has passed. */
export function useSecondsUntil(at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now())
  const remaining = at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000))
  useEffect(() => {
    if (remaining <= 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [remaining])
  return remaining
}
