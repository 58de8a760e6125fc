import type { ReactNode } from "react";
import type { FieldFindings } from "@/app/_components/forms/form-field";
import type { Severity } from "@/lib/incorporation/finding-codes";
import type { WizardFields } from "./use-incorporation";
import { INPUT_ID, type Issue } from "./wizard-model";

/** A field's findings, each with its severity in words (colour only reinforces it). */
export function Issues({
  id,
  issues,
  labels,
}: {
  id: string;
  issues: Issue[];
  labels: Record<Severity, string>;
}): ReactNode {
  if (issues.length === 0) return null;
  return (
    <ul className="inc-issues" id={id}>
      {issues.map((i) => (
        <li
          key={`${i.severity}:${i.message}`}
          className={i.severity === "error" ? "field-error" : `inc-issue-${i.severity}`}
        >
          <span className="inc-issue-label">{labels[i.severity]}:</span> {i.message}
        </li>
      ))}
    </ul>
  );
}

/** A field's visible findings, each with its severity, under the field (the tipo's under its first option). */
export function fieldFindings(
  fields: Pick<WizardFields, "issuesOf">,
  labels: Record<Severity, string>,
  field: string,
  id = `${INPUT_ID[field]}-issues`,
): FieldFindings | null {
  const issues = fields.issuesOf(field);
  return issues.length > 0 ? { id, element: <Issues id={id} issues={issues} labels={labels} /> } : null;
}
