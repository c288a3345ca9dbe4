import { useEffect, useState } from 'react';

/** What the payment page shows of an order awaiting payment. Money in fen, times ISO. */
export interface PayOrder {
  orderNo: string;
  productName: string;
  planName: string;
  startDate: string;
  endDate: string;
  insuredCount: number;
  premiumFen: number;
  /** When the unpaid order closes by itself. */
  expiresAt: string;
}

function secondsUntil(expiresAt: string): number {
  return Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
}

/** Seconds left until `expiresAt`, ticking each second and stopping at 0. */
export function useSecondsLeft(expiresAt: string): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(expiresAt));
  useEffect(() => {
    const timer = setInterval(() => {
      const s = secondsUntil(expiresAt);
      setSeconds(s);
      if (s === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return seconds;
}

export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
