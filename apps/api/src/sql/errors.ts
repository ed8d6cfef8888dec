/** PostgreSQL's unique_violation (23505), as the driver throws it or as drizzle wraps it (its `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e as { code?: string } | undefined)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | undefined)?.cause) === '23505';
}
