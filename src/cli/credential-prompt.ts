import type { ApiCredentials } from '../main/core/workspace/credentials';
import { UsageError } from './arguments';

/** The terminal a prompt reads from and writes to (process.stdin / process.stderr, or a test's fake). */
export interface PromptTerminal {
  input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  output: NodeJS.WritableStream;
}

export class PromptCancelled extends UsageError {
  constructor() {
    super('Cancelled: no API key and secret were entered.');
    this.name = 'PromptCancelled';
  }
}

/**
 * Read one line without echoing it: raw mode, so what is typed never appears on the screen or in
 * the terminal's scrollback. Backspace edits; Enter ends; Ctrl-C or Ctrl-D cancels.
 */
export function readHidden(question: string, terminal: PromptTerminal): Promise<string> {
  const { input, output } = terminal;
  output.write(question);
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = (error?: Error): void => {
      input.removeListener('data', onData);
      input.setRawMode?.(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(text);
    };
    const onData = (chunk: Buffer | string): void => {
      const characters = [...chunk.toString()];
      for (const [index, character] of characters.entries()) {
        if (character === '\r' || character === '\n') {
          // A pasted "key⏎secret⏎" arrives at once: leave the rest for the next question.
          const rest = characters
            .slice(index + 1)
            .join('')
            .replace(/^\n/, '');
          finish();
          if (rest !== '') input.unshift(rest);
          return;
        }
        if (character === '\u0003' || character === '\u0004') return finish(new PromptCancelled());
        if (character === '\u007f' || character === '\b') text = text.slice(0, -1);
        else if (character >= ' ') text += character;
      }
    };
    input.setRawMode?.(true);
    input.on('data', onData);
    input.resume();
  });
}

/** Ask for the key and the secret on a terminal; both hidden. Empty answers count as none. */
export async function promptCredentials(
  terminal: PromptTerminal,
  workspaceName: string,
): Promise<ApiCredentials | undefined> {
  terminal.output.write(
    `The workspace "${workspaceName}" needs the platform API key and secret (they are not saved; set FLOATDESK_API_KEY and FLOATDESK_API_SECRET to skip this question).\n`,
  );
  const apiKey = (await readHidden('API key (hidden): ', terminal)).trim();
  if (!apiKey) return undefined;
  const apiSecret = (await readHidden('API secret (hidden): ', terminal)).trim();
  if (!apiSecret) return undefined;
  return { apiKey, apiSecret };
}
