import { useEffect, useEffectEvent, useReducer } from 'react';
import { PRAYER_TIMER_MAX_MINUTES } from '#shared/values/prayer.ts';

/**
 * The prayer timer. Time is kept from `Date.now()` timestamps (an end time while running, the
 * remaining milliseconds while paused), never by counting interval ticks, so it stays accurate
 * when the browser throttles timers in a background tab.
 */
export type TimerStatus = 'idle' | 'running' | 'paused' | 'done';

export interface TimerState {
  status: TimerStatus;
  /** The chosen length, in whole minutes. */
  minutes: number;
  /** What is left while idle or paused (frozen); 0 when done. */
  remainingMs: number;
  /** When a running timer reaches zero (epoch ms); null unless running. */
  endsAt: number | null;
  /** The clock as last observed, for the running display. */
  now: number;
  /** The last run that reached zero (a new object each time), so completion fires once per run. */
  completed: { run: number; minutes: number } | null;
}

export type TimerAction =
  | { type: 'select'; minutes: number }
  | { type: 'start'; now: number }
  | { type: 'pause'; now: number }
  | { type: 'resume'; now: number }
  | { type: 'reset' }
  | { type: 'tick'; now: number };

const MINUTE_MS = 60_000;

/** A whole number of minutes the timer accepts (1 to PRAYER_TIMER_MAX_MINUTES). */
export function isValidMinutes(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= 1 && minutes <= PRAYER_TIMER_MAX_MINUTES;
}

export function initialTimerState(minutes: number): TimerState {
  return {
    status: 'idle',
    minutes,
    remainingMs: minutes * MINUTE_MS,
    endsAt: null,
    now: 0,
    completed: null,
  };
}

function finished(state: TimerState, now: number): TimerState {
  return {
    ...state,
    status: 'done',
    remainingMs: 0,
    endsAt: null,
    now,
    completed: { run: (state.completed?.run ?? 0) + 1, minutes: state.minutes },
  };
}

export function timerReducer(state: TimerState, action: TimerAction): TimerState {
  switch (action.type) {
    case 'select':
      if (state.status === 'running' || state.status === 'paused') return state;
      if (!isValidMinutes(action.minutes)) return state;
      return { ...initialTimerState(action.minutes), completed: state.completed };
    case 'start':
      if (state.status === 'running' || state.status === 'paused') return state;
      return {
        ...state,
        status: 'running',
        remainingMs: state.minutes * MINUTE_MS,
        endsAt: action.now + state.minutes * MINUTE_MS,
        now: action.now,
      };
    case 'pause': {
      if (state.status !== 'running' || state.endsAt === null) return state;
      const left = state.endsAt - action.now;
      if (left <= 0) return finished(state, action.now);
      return { ...state, status: 'paused', remainingMs: left, endsAt: null, now: action.now };
    }
    case 'resume':
      if (state.status !== 'paused') return state;
      return {
        ...state,
        status: 'running',
        endsAt: action.now + state.remainingMs,
        now: action.now,
      };
    case 'reset':
      return { ...initialTimerState(state.minutes), completed: state.completed };
    case 'tick':
      if (state.status !== 'running' || state.endsAt === null) return state;
      if (action.now >= state.endsAt) return finished(state, action.now);
      return { ...state, now: action.now };
  }
}

/** Milliseconds left to pray. */
export function remainingMs(state: TimerState): number {
  if (state.status === 'running' && state.endsAt !== null)
    return Math.max(0, state.endsAt - state.now);
  return state.remainingMs;
}

/** "mm:ss", rounding up so the display reads 00:00 only at the end. */
export function formatClock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** How often a running timer re-reads the clock. */
export const TICK_MS = 250;

/**
 * The timer as a hook: `onComplete(minutes)` runs once each time a run reaches zero.
 * While running, the clock is re-read every TICK_MS and whenever the tab becomes visible again.
 */
export function usePrayerTimer(initialMinutes: number, onComplete: (minutes: number) => void) {
  const [state, dispatch] = useReducer(timerReducer, initialMinutes, initialTimerState);
  const running = state.status === 'running';

  useEffect(() => {
    if (!running) return;
    const tick = () => dispatch({ type: 'tick', now: Date.now() });
    const id = setInterval(tick, TICK_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [running]);

  const complete = useEffectEvent((minutes: number) => onComplete(minutes));
  const { completed } = state;
  useEffect(() => {
    if (completed) complete(completed.minutes);
  }, [completed]);

  return {
    state,
    remaining: remainingMs(state),
    select: (minutes: number) => dispatch({ type: 'select', minutes }),
    start: () => dispatch({ type: 'start', now: Date.now() }),
    pause: () => dispatch({ type: 'pause', now: Date.now() }),
    resume: () => dispatch({ type: 'resume', now: Date.now() }),
    reset: () => dispatch({ type: 'reset' }),
  };
}
