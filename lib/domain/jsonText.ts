// A value serialised to JSON once and shared by many answers (cached market data), so it is not serialised again.

const JSON_TEXT = Symbol.for('swapdesk.jsonText');

/** `json` is the serialised value; `encoded` keeps its UTF-8 bytes per envelope head, filled by the API layer. */
export type JsonText = { readonly [JSON_TEXT]: true; readonly json: string; readonly encoded: Map<string, Uint8Array> };

export function jsonText(value: unknown): JsonText {
  return { [JSON_TEXT]: true, json: JSON.stringify(value), encoded: new Map() };
}

export function isJsonText(value: unknown): value is JsonText {
  return typeof value === 'object' && value !== null && (value as Partial<JsonText>)[JSON_TEXT] === true;
}
