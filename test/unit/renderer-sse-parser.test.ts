import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from '../../src/renderer/src/ipc/sse-parser';

function feed(chunks: string[]): { messages: SseMessage[]; parser: ReturnType<typeof createSseParser> } {
  const parser = createSseParser();
  const messages = chunks.flatMap((chunk) => parser.push(chunk));
  return { messages, parser };
}

/** Every way of cutting `text` into two and three pieces gives the same events as one piece. */
function everySplit(text: string): string[][] {
  const splits: string[][] = [[text]];
  for (let i = 0; i <= text.length; i += 1) {
    splits.push([text.slice(0, i), text.slice(i)]);
    for (let j = i; j <= text.length; j += 3)
      splits.push([text.slice(0, i), text.slice(i, j), text.slice(j)]);
  }
  return splits;
}

const STREAM =
  ': connected\n\n' +
  'event: ledger:changed\ndata: {"source":"this-core"}\n\n' +
  ':keep-alive\n\n' +
  'event: ledger:changed\r\ndata: {"source":\r\ndata: "another-process"}\r\n\r\n' +
  'event: sync:progress\rdata:{"done":1}\r\r';

const EXPECTED: SseMessage[] = [
  { event: 'ledger:changed', data: '{"source":"this-core"}', lastEventId: '' },
  { event: 'ledger:changed', data: '{"source":\n"another-process"}', lastEventId: '' },
  { event: 'sync:progress', data: '{"done":1}', lastEventId: '' },
];

describe('createSseParser', () => {
  it('parses events, comments, LF, CRLF and CR line ends', () => {
    const { messages, parser } = feed([STREAM]);
    expect(messages).toEqual(EXPECTED);
    expect(parser.comments).toBe(2);
  });

  it('gives the same events however the stream is chunked', () => {
    for (const chunks of everySplit(STREAM)) {
      expect(feed(chunks).messages, JSON.stringify(chunks)).toEqual(EXPECTED);
    }
  });

  it('gives the same events when fed one character at a time', () => {
    expect(feed([...STREAM]).messages).toEqual(EXPECTED);
  });

  it('treats a CR at a chunk end followed by LF as one line end, not an empty line', () => {
    expect(feed(['data: a\r', '\ndata: b\r', '\n\r', '\n']).messages).toEqual([
      { event: 'message', data: 'a\nb', lastEventId: '' },
    ]);
  });

  it('joins multi-line data with LF and keeps blank data lines', () => {
    expect(feed(['data: line 1\ndata:\ndata:  two spaces\n\n']).messages).toEqual([
      { event: 'message', data: 'line 1\n\n two spaces', lastEventId: '' },
    ]);
  });

  it('does not dispatch an event until its blank line arrives, nor one without data', () => {
    const parser = createSseParser();
    expect(parser.push('event: ledger:changed\ndata: {}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'ledger:changed', data: '{}', lastEventId: '' }]);
    expect(parser.push('event: lonely\n\n')).toEqual([]);
    expect(parser.push('data: x\n\n')).toEqual([{ event: 'message', data: 'x', lastEventId: '' }]);
  });

  it('remembers ids and retry, ignores unknown fields and a leading BOM', () => {
    const { messages, parser } = feed([
      '\uFEFFid: 7\nfoo: bar\ndata: a\n\n',
      'retry: 2500\nretry: soon\ndata: b\n\n',
    ]);
    expect(messages).toEqual([
      { event: 'message', data: 'a', lastEventId: '7' },
      { event: 'message', data: 'b', lastEventId: '7' },
    ]);
    expect(parser.retryMs).toBe(2500);
  });

  it('treats a line without a colon as a field with an empty value', () => {
    expect(feed(['data\n\n']).messages).toEqual([{ event: 'message', data: '', lastEventId: '' }]);
  });
});
