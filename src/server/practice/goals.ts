import type { Goal, GoalUnit } from '#shared/schemas/goals.ts';
import type { goal } from '../db/schema.ts';
import { periodOf } from '#shared/values/time.ts';

export type GoalRow = typeof goal.$inferSelect;

/**
 * A goal as it stands today: when its stored period is over, progress starts again at 0
 * (and a target reached in that period counts towards `periodsCompleted`).
 */
export function current(row: GoalRow, today: string): GoalRow {
  const { start } = periodOf(row.period, today);
  if (row.periodStart === start) return row;
  return {
    ...row,
    periodStart: start,
    progress: 0,
    completedAt: null,
    periodsCompleted: row.periodsCompleted + (row.completedAt ? 1 : 0),
  };
}

/** The values to store after adding `amount` today; reaching the target completes the period. */
export function advance(row: GoalRow, amount: number, today: string, now: Date) {
  const base = current(row, today);
  const progress = base.progress + amount;
  return {
    periodStart: base.periodStart,
    progress,
    periodsCompleted: base.periodsCompleted,
    completedAt: base.completedAt ?? (progress >= base.target ? now : null),
    updatedAt: now,
  };
}

export function toGoal(row: GoalRow, today: string): Goal {
  const g = current(row, today);
  return {
    id: g.id,
    title: g.title,
    description: g.description,
    preset: g.preset as Goal['preset'],
    target: g.target,
    unit: g.unit,
    period: g.period,
    priority: g.priority,
    progress: g.progress,
    status: g.completedAt ? 'completed' : 'in_progress',
    periodStart: g.periodStart,
    periodEnd: periodOf(g.period, today).end,
    completedAt: g.completedAt?.toISOString() ?? null,
    periodsCompleted: g.periodsCompleted,
    createdAt: g.createdAt.toISOString(),
  };
}

/** Which goals a kind of activity feeds. */
export const UNIT_OF_ACTIVITY = {
  lesson: 'lessons',
  reading: 'chapters',
  prayer: 'minutes',
  memory: 'verses',
  journal: null,
} as const satisfies Record<string, GoalUnit | null>;
