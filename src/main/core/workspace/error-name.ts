/** A failure's kind, never its message: a message from deep down could quote what it was given. */
export function errorName(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return typeof code === 'string' ? `${error.name} ${code}` : error.name;
  }
  return typeof error;
}
