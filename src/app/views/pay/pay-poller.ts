import { useEffect, useMemo, useState } from 'react';
import type { OrderStatusAnswer } from '#shared/orders.ts';

/**
 * After the pay sheet (or the cashier) closes with "ok", the page asks the server for the order's
 * status every 2 s for about a minute (docs/decisions/payment-confirmation.md: only the server's notification or its own
 * query counts). Phases:
 * - idle: nothing asked yet, or the order is still unpaid after a single check;
 * - checking: 支付结果确认中, polling;
 * - paid / closed: final, from the server's status;
 * - timeout: still unpaid after the window; 刷新 checks again.
 */
export type PayPhase = 'idle' | 'checking' | 'paid' | 'closed' | 'timeout';

export interface PayPollState {
  phase: PayPhase;
  status: OrderStatusAnswer | null;
}

export interface PayPollerOptions {
  fetchStatus: () => Promise<OrderStatusAnswer>;
  intervalMs?: number;
  maxMs?: number;
  now?: () => number;
}

export const POLL_INTERVAL_MS = 2000;
export const POLL_MAX_MS = 60_000;

export interface PayPoller {
  /** Polls until paid, closed or the window ends (again from the start when called again). */
  start: () => void;
  /** One question to the server (after a cancelled sheet, or when the countdown ends). */
  checkOnce: () => Promise<void>;
  stop: () => void;
  state: () => PayPollState;
}

function finalPhase(status: OrderStatusAnswer): PayPhase | null {
  if (status.status === 'paid') return 'paid';
  if (status.status === 'cancelled' || status.status === 'expired') return 'closed';
  return null;
}

export function createPayPoller(options: PayPollerOptions, onChange: (state: PayPollState) => void): PayPoller {
  const interval = options.intervalMs ?? POLL_INTERVAL_MS;
  const maxMs = options.maxMs ?? POLL_MAX_MS;
  const now = options.now ?? Date.now;
  let state: PayPollState = { phase: 'idle', status: null };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let run = 0;

  const set = (next: PayPollState) => {
    state = next;
    onChange(state);
  };
  const stop = () => {
    run += 1;
    clearTimeout(timer);
  };

  /** Asks once; answers true when the status is final (and shown). Network failures count as "not yet". */
  const ask = async (mine: number): Promise<boolean> => {
    let status: OrderStatusAnswer | null = null;
    try {
      status = await options.fetchStatus();
    } catch {
      status = null;
    }
    if (mine !== run) return true;
    const phase = status ? finalPhase(status) : null;
    if (phase) {
      stop();
      set({ phase, status });
      return true;
    }
    if (status) set({ ...state, status });
    return false;
  };

  const start = () => {
    stop();
    const mine = run;
    const deadline = now() + maxMs;
    set({ ...state, phase: 'checking' });
    const tick = async () => {
      if (await ask(mine)) return;
      if (mine !== run) return;
      if (now() + interval > deadline) {
        set({ ...state, phase: 'timeout' });
        return;
      }
      timer = setTimeout(() => void tick(), interval);
    };
    void tick();
  };

  const checkOnce = async () => {
    // While polling the next tick asks anyway; a final status stays final.
    if (state.phase !== 'idle' && state.phase !== 'timeout') return;
    stop();
    await ask(run);
  };

  return { start, checkOnce, stop, state: () => state };
}

/** The poller for one order, stopped when the page goes away. */
export function usePayPoller(
  fetchStatus: () => Promise<OrderStatusAnswer>,
): PayPollState & Pick<PayPoller, 'start' | 'checkOnce'> {
  const [state, setState] = useState<PayPollState>({ phase: 'idle', status: null });
  const poller = useMemo(() => createPayPoller({ fetchStatus }, setState), [fetchStatus]);
  useEffect(() => () => poller.stop(), [poller]);
  return { ...state, start: poller.start, checkOnce: poller.checkOnce };
}
