import type { Details } from './error-shapes';

/**
 * A platform error the simulator answers with: HTTP status, platform code, message and optional
 * details (field → messages; written in the shape of the endpoint, see error-shapes.ts).
 */
export class SimError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly platformCode: string,
    message: string,
    readonly data?: Details,
  ) {
    super(message);
    this.name = 'SimError';
  }
}
