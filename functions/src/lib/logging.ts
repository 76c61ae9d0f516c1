/**
 * A thrown value as a log entry's fields. The logger writes its structured fields as JSON, where
 * an Error has no fields of its own and comes out as `{}`: so its message and its stack are
 * written as text.
 */
export function errorFields(error: unknown): { error: string; stack?: string } {
  return error instanceof Error && error.stack
    ? { error: String(error), stack: error.stack }
    : { error: String(error) };
}
