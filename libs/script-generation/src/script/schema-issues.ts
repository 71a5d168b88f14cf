// How the lib states a zod issue to the model (repair prompts) and to callers
// (`ScriptOutputError.issues`): `path: message`, the same for scripts, outlines and chapters.

/** The parts of a zod issue that are stated (zod's own issue types all have them). */
export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * States one issue as `path: message`, its path joined with dots, or `(root)` for an issue
 * of the whole value.
 */
export function formatZodIssue(issue: SchemaIssue): string {
  return `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`;
}

/** States every issue of a failed parse, in zod's order, with {@link formatZodIssue}. */
export function describeSchemaIssues(issues: readonly SchemaIssue[]): string[] {
  return issues.map(formatZodIssue);
}
