// What the main button says and does next, from the form's situation; one rule list, in the order a trader meets them.

export type SwapActionKind = 'enterAmount' | 'connect' | 'switchNetwork' | 'insufficient' | 'signIn' | 'confirmRecipient' | 'waitQuote' | 'noQuote' | 'review';

export type SwapSituation = {
  amountIn: bigint | null;
  connected: boolean;
  onRightNetwork: boolean;
  balance: bigint | undefined;
  symbolIn: string;
  signedIn: boolean;
  /** Another recipient was asked for but is not yet a confirmed address. */
  recipientIncomplete: boolean;
  hasQuote: boolean;
  quoteFailed: boolean;
};

export type SwapAction = { kind: SwapActionKind; label: string; disabled: boolean };

export function swapAction(s: SwapSituation): SwapAction {
  if (s.amountIn === null) return { kind: 'enterAmount', label: 'Enter an amount', disabled: true };
  if (!s.connected) return { kind: 'connect', label: 'Connect wallet', disabled: false };
  if (!s.onRightNetwork) return { kind: 'switchNetwork', label: 'Switch network', disabled: false };
  if (s.balance !== undefined && s.balance < s.amountIn) return { kind: 'insufficient', label: `Insufficient ${s.symbolIn} balance`, disabled: true };
  if (!s.signedIn) return { kind: 'signIn', label: 'Sign in to swap', disabled: false };
  if (s.recipientIncomplete) return { kind: 'confirmRecipient', label: 'Confirm the recipient address', disabled: true };
  if (s.quoteFailed) return { kind: 'noQuote', label: 'Review swap', disabled: true };
  if (!s.hasQuote) return { kind: 'waitQuote', label: 'Getting a quote…', disabled: true };
  return { kind: 'review', label: 'Review swap', disabled: false };
}
