/** A platform error the simulator answers with: HTTP status, platform code, message and optional data. */
export class SimError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly platformCode: string,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'SimError';
  }
}
