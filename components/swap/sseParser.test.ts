import { describe, expect, it } from 'vitest';
import { sseParser, type SseEvent } from './sseParser';

describe('sseParser', () => {
  it('reassembles events split anywhere across chunks, with comments and multi-line data', () => {
    const text = 'retry: 3000\n: connected\n\nevent: quote\ndata: {"a":1}\n\n: heartbeat\n\nevent: error\ndata: line1\ndata: line2\n\nevent: end\r\ndata: {"reason":"max_duration"}\r\n\r\n';
    for (const size of [1, 3, 7, text.length]) {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const push = sseParser((e) => events.push(e), (c) => comments.push(c));
      for (let i = 0; i < text.length; i += size) push(text.slice(i, i + size));
      expect(events).toEqual([
        { event: 'quote', data: '{"a":1}' },
        { event: 'error', data: 'line1\nline2' },
        { event: 'end', data: '{"reason":"max_duration"}' },
      ]);
      expect(comments).toEqual(['connected', 'heartbeat']);
    }
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const events: SseEvent[] = [];
    const push = sseParser((e) => events.push(e));
    push('event: quote\ndata: {}\n');
    expect(events).toEqual([]);
    push('\n');
    expect(events).toEqual([{ event: 'quote', data: '{}' }]);
  });
});
