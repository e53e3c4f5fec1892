import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/arguments';
import { PromptCancelled, promptCredentials, readHidden } from '../../src/cli/credential-prompt';
import { credentialsForCommand, credentialsFromEnvironment } from '../../src/cli/credentials';

function terminal(isTTY = true) {
  const input = Object.assign(new PassThrough(), { isTTY, rawModes: [] as boolean[] });
  Object.assign(input, { setRawMode: (raw: boolean) => input.rawModes.push(raw) });
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk: Buffer) => (written += chunk.toString()));
  return { input, output, written: () => written };
}

describe('secrets: the CLI prompt', () => {
  it('reads a line in raw mode without echoing it; backspace edits', async () => {
    const t = terminal();
    const answer = readHidden('API secret (hidden): ', t);
    t.input.write('Sekr3tX');
    t.input.write('\u007f!\r');
    expect(await answer).toBe('Sekr3t!');
    expect(t.written()).toBe('API secret (hidden): \n');
    expect(t.input.rawModes).toEqual([true, false]);
  });

  it('asks for the key and the secret, both hidden, also when pasted at once', async () => {
    const t = terminal();
    const answer = promptCredentials(t, 'Acme');
    t.input.write('the-key\r\nthe-Sekr3t\r');
    expect(await answer).toEqual({ apiKey: 'the-key', apiSecret: 'the-Sekr3t' });
    expect(t.written()).toContain('FLOATDESK_API_KEY');
    expect(t.written()).not.toContain('the-key');
    expect(t.written()).not.toContain('the-Sekr3t');
  });

  it('Ctrl-C cancels as a usage error; an empty answer is none', async () => {
    const t = terminal();
    const cancelled = readHidden('API key (hidden): ', t);
    t.input.write('abc\u0003');
    await expect(cancelled).rejects.toBeInstanceOf(PromptCancelled);
    expect(new PromptCancelled()).toBeInstanceOf(UsageError);
    const empty = terminal();
    const none = promptCredentials(empty, 'Acme');
    empty.input.write('\r');
    expect(await none).toBeUndefined();
  });

  it('takes the environment first, and never prompts without a terminal or for a non-workspace', async () => {
    const env = { FLOATDESK_API_KEY: 'k', FLOATDESK_API_SECRET: 's' };
    expect(credentialsFromEnvironment(env)).toEqual({ apiKey: 'k', apiSecret: 's' });
    expect(() => credentialsFromEnvironment({ FLOATDESK_API_KEY: 'k' })).toThrow(/FLOATDESK_API_SECRET/);
    expect(await credentialsForCommand('/nowhere', terminal(true), env)).toEqual({
      apiKey: 'k',
      apiSecret: 's',
    });
    const pipe = terminal(false);
    expect(await credentialsForCommand('/nowhere', pipe, {})).toBeUndefined();
    const tty = terminal(true);
    expect(await credentialsForCommand('/nowhere/at/all', tty, {})).toBeUndefined();
    expect(tty.written()).toBe('');
  });
});
