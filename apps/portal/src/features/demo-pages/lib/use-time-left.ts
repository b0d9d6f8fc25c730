import { useEffect, useState } from 'react';
import { timeLeft, type TimeLeft } from './countdown';

/**
 * The time left until `target` (epoch ms), updated on each whole second until the moment is reached
 * (then the clock stops).
 */
export function useTimeLeft(target: number): TimeLeft {
  const [now, setNow] = useState(() => Date.now());
  const running = now < target;
  useEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const time = Date.now();
      setNow(time);
      if (time < target) timer = setTimeout(tick, 1000 - (time % 1000));
    };
    timer = setTimeout(tick, 1000 - (Date.now() % 1000));
    return () => clearTimeout(timer);
  }, [running, target]);
  return timeLeft(target, now);
}
