import { describe, expect, it } from 'vitest';
import { jsonResponse, jsonText, successBody } from './envelope';

describe('jsonResponse', () => {
  it('sends pre-serialised data inside the envelope byte for byte as JSON.stringify would', async () => {
    const data = [{ open: '1.5', trades: 2, closed: true }, { open: '0', trades: 0, closed: false }];
    const sent = await jsonResponse(successBody(jsonText(data)), 200).text();
    expect(sent).toBe(JSON.stringify(successBody(data)));
    expect(await jsonResponse(jsonText({ a: 1 }), 200).text()).toBe('{"a":1}');
    expect(await jsonResponse({ data: jsonText([]) }, 200).text()).toBe('{"data":[]}');
    const shared = jsonText({ price: 'é 2' });
    const first = await jsonResponse(successBody(shared), 200).text();
    expect(await jsonResponse(successBody(shared), 200).text()).toBe(first);
    expect(JSON.parse(first)).toEqual({ code: 0, msg: 'ok', data: { price: 'é 2' } });
  });
});
