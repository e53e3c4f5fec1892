/**
 * Incremental parser for a `text/event-stream` body, following the WHATWG "server-sent events"
 * interpretation rules. The HTTP bridge cannot use EventSource (it must send an Authorization
 * header), so it reads the stream with fetch and feeds the decoded text here, in chunks that may
 * split anywhere — inside a field, between CR and LF, inside a multi-line data block.
 *
 * Pure: no DOM, no I/O. Decode bytes with `TextDecoder#decode(chunk, {stream: true})` before pushing
 * so a multi-byte character split across chunks survives.
 */

export interface SseMessage {
  /** The `event:` field, or "message" when the server sent none. */
  event: string;
  /** All `data:` lines of the event joined with "\n". */
  data: string;
  /** The last event id seen on the stream so far (ids persist across events), or "" when none. */
  lastEventId: string;
}

export interface SseParser {
  /** Feed the next piece of decoded text; returns the events it completed, in order. */
  push(chunk: string): SseMessage[];
  /** Reconnection delay the server asked for with `retry:`, if it did. */
  readonly retryMs: number | undefined;
  /** Number of comment lines seen (the server's keep-alives), for liveness accounting. */
  readonly comments: number;
}

export function createSseParser(): SseParser {
  let buffer = '';
  let firstChunk = true;
  /** The previous chunk ended in CR: a LF at the start of the next chunk belongs to that line end. */
  let skipLeadingLf = false;
  let eventType = '';
  let dataLines: string[] = [];
  let lastEventId = '';
  let retryMs: number | undefined;
  let comments = 0;

  function dispatch(out: SseMessage[]): void {
    const type = eventType;
    eventType = '';
    if (dataLines.length === 0) return;
    const data = dataLines.join('\n');
    dataLines = [];
    out.push({ event: type === '' ? 'message' : type, data, lastEventId });
  }

  function processLine(line: string, out: SseMessage[]): void {
    if (line === '') {
      dispatch(out);
      return;
    }
    if (line.startsWith(':')) {
      comments += 1;
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        dataLines.push(value);
        break;
      case 'id':
        if (!value.includes('\u0000')) lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retryMs = Number(value);
        break;
      default:
        // Unknown fields are ignored, as the standard requires.
        break;
    }
  }

  return {
    push(chunk: string): SseMessage[] {
      const out: SseMessage[] = [];
      let text = chunk;
      if (firstChunk && text.length > 0) {
        firstChunk = false;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      if (skipLeadingLf && text.length > 0) {
        skipLeadingLf = false;
        if (text.startsWith('\n')) text = text.slice(1);
      }
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const char = buffer[i];
        if (char !== '\r' && char !== '\n') continue;
        processLine(buffer.slice(start, i), out);
        if (char === '\r') {
          if (i + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[i + 1] === '\n') i += 1;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    get retryMs() {
      return retryMs;
    },
    get comments() {
      return comments;
    },
  };
}
