import type { StepResult, ToolSet } from "ai";

/**
 * Output tokens spent by the steps so far. A step whose provider reported no usage counts as the
 * whole allowance it was given: an unreported step must not make the budget endless.
 */
function spent(steps: StepResult<ToolSet>[], allowances: number[]): number {
  return steps.reduce((sum, step, i) => sum + (step.usage.outputTokens ?? allowances[i] ?? 0), 0);
}

/**
 * One request's output-token budget across all its model calls: each call may write at most what
 * is left (its maxOutputTokens), and the loop stops once nothing is left. With the step limit this
 * bounds what one request can cost (docs/play.md).
 */
export function outputBudget(maxOutputTokens: number): {
  prepareStep: (options: { steps: StepResult<ToolSet>[] }) => { maxOutputTokens: number };
  exhausted: (options: { steps: StepResult<ToolSet>[] }) => boolean;
} {
  const allowances: number[] = [];
  return {
    prepareStep: ({ steps }) => {
      const left = Math.max(1, maxOutputTokens - spent(steps, allowances));
      allowances[steps.length] = left;
      return { maxOutputTokens: left };
    },
    exhausted: ({ steps }) => spent(steps, allowances) >= maxOutputTokens,
  };
}
