// How a gasless order's state reads in GET /v1/quote/status: the submitter's `sent` is still `submitted` to the user.
import type { GaslessOrderState } from './gaslessTables';

export type GaslessPublicStatus = 'issued' | 'submitted' | 'filled' | 'failed';

export function gaslessStatus(state: GaslessOrderState): GaslessPublicStatus {
  return state === 'sent' ? 'submitted' : state;
}
