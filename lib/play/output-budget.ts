import type { StepResult, ToolSet } from "ai";

/**
 * Characters per output token assumed for a step whose provider reported no usage: fewer than the
 * usual four of English prose, since Spanish, JSON arguments and numbers tokenize denser, so an
 * estimate errs towards spending the budget sooner.
 */
const CHARS_PER_TOKEN = 3;

/**
 * What a step wrote, in tokens: the provider's figure when it reported one, else an estimate from
 * what it streamed (text, reasoning, tool-call arguments), never more than the step was allowed.
 */
export function stepOutputTokens(step: StepResult<ToolSet>, allowance: number): number {
  if (step.usage.outputTokens !== undefined) return step.usage.outputTokens;
  const chars =
    step.text.length +
    (step.reasoningText?.length ?? 0) +
    step.toolCalls.reduce((sum, call) => sum + call.toolName.length + JSON.stringify(call.input ?? null).length, 0);
  return Math.min(allowance, Math.max(1, Math.ceil(chars / CHARS_PER_TOKEN)));
}

/**
 * One request's output-token budget across all its model calls: each call may write at most what
 * is left (its maxOutputTokens), and the loop stops once nothing is left. With the step limit this
 * bounds what one request can cost (docs/play.md). An agent on a provider that reports no usage
 * goes on like one that does: its steps are counted by estimate, not as their whole allowance.
 */
export function outputBudget(maxOutputTokens: number): {
  prepareStep: (options: { steps: StepResult<ToolSet>[] }) => { maxOutputTokens: number };
  exhausted: (options: { steps: StepResult<ToolSet>[] }) => boolean;
} {
  const allowances: number[] = [];
  const spent = (steps: StepResult<ToolSet>[]) =>
    steps.reduce((sum, step, i) => sum + stepOutputTokens(step, allowances[i] ?? maxOutputTokens), 0);
  return {
    prepareStep: ({ steps }) => {
      const left = Math.max(1, maxOutputTokens - spent(steps));
      allowances[steps.length] = left;
      return { maxOutputTokens: left };
    },
    exhausted: ({ steps }) => spent(steps) >= maxOutputTokens,
  };
}
