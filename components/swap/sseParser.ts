// Splits a server-sent-events byte stream into events (the subset the API sends: `event`, `data`, comments).
export type SseEvent = { event: string; data: string };

/** Returns a push function: feed it decoded text in any chunking; each complete event goes to `onEvent`, comments to `onComment`. */
export function sseParser(onEvent: (e: SseEvent) => void, onComment: (text: string) => void = () => {}): (chunk: string) => void {
  let buffer = '';
  /** A chunk ending in CR may be half of a CRLF: held until the next chunk says. */
  let carry = '';
  return (chunk) => {
    let text = carry + chunk;
    carry = text.endsWith('\r') ? '\r' : '';
    if (carry) text = text.slice(0, -1);
    buffer += text.replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) onComment(line.slice(1).trim());
        else if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) onEvent({ event, data: data.join('\n') });
    }
  };
}
