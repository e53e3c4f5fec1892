import { z } from 'zod';

export const scratchContract = {
  'scratch:echo': {
    input: z.object({ text: z.string().max(100) }).strict(),
    output: z.object({ text: z.string() }),
  },
} as const;
