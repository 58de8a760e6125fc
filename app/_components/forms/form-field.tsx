import type { ReactNode } from "react";

/** What the control of a field carries so assistive technology reads its label, hint and findings. */
export interface FieldControl {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** A field's findings as shown under its control, and the id that control is described by. */
export interface FieldFindings {
  id: string;
  element: ReactNode;
}

/**
 * One labelled control with its hint above and its findings below. The hint (`<id>-hint`) and, while
 * there are any, the findings describe the control, and an error marks it aria-invalid, so every
 * form announces its problems the same way. The forms render the control (`children`) and their own
 * findings, which each words and styles differently.
 */
export function FormField({
  id,
  label,
  hint,
  className = "field",
  invalid,
  findings,
  after,
  children,
}: {
  /** The control's id. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /**
   * Marks the control aria-invalid. By default whenever findings are shown; a form whose findings
   * may be warnings only says when one is an error.
   */
  invalid?: boolean;
  findings: FieldFindings | null;
  /** Between the control and its findings: what the field adds about the value typed. */
  after?: ReactNode;
  children: (control: FieldControl) => ReactNode;
}) {
  const hintId = hint === undefined ? null : `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {hintId === null ? null : (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {children(describedControl(id, hintId, findings, invalid))}
      {after}
      {findings?.element}
    </div>
  );
}

/**
 * The control's side of FormField, for a control whose hint FormField cannot lay out (a hint of
 * several paragraphs, or one under the control): described by its hint, then its findings.
 */
export function describedControl(
  id: string,
  hintId: string | null,
  findings: FieldFindings | null,
  invalid = findings !== null,
): FieldControl {
  return {
    id,
    "aria-invalid": invalid || undefined,
    "aria-describedby": [hintId, findings?.id].filter(Boolean).join(" ") || undefined,
  };
}

/**
 * The findings of the forms that show one error text under a field (`<id>-error`); the text may hold
 * inline marked-up parts (e.g. an English detail marked lang="en").
 */
export function errorFindings(id: string, message: ReactNode): FieldFindings | null {
  if (!message) return null;
  const errorId = `${id}-error`;
  return {
    id: errorId,
    element: (
      <p className="field-error" id={errorId}>
        {message}
      </p>
    ),
  };
}
