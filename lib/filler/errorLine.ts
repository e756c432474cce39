// The first line of an error's text, for a log field: viem's errors go on for a dozen lines of request details.
export const errorLine = (error: unknown): string => (error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
