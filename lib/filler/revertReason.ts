// Names why a fill would revert (or did): the destination settler's custom error, decoded from the node's revert data,
// and whether trying again can change the answer (a deterministic revert is given up on instead of resent).
import { decodeErrorResult, type Hex } from 'viem';
import { revertData } from '@/lib/contracts/revertData';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { destinationSettlerAbi } from '@/lib/crosschain/settlerAbi';

export type RevertReason = {
  /** The error's name (InsufficientOutput, NativeTransferFailed, …), or Unknown when the node gave no revert data. */
  name: string;
  args: readonly unknown[];
  /** The same answer whatever the pools or the relayer's balance do next: do not try again. */
  deterministic: boolean;
  text: string;
};

const ABI = [...destinationSettlerAbi, ...testERC20Abi.filter((item) => item.type === 'error')];

/**
 * Errors whose cause is in the order itself or in its recipient, not in the market or the relayer's inventory.
 * NativeTransferFailed: the recipient refuses native coin; InvalidRecipient / legs / settler / chain / id: the order
 * can never fill; FillDeadlinePassed and AlreadyFilled: nothing left to do.
 */
const DETERMINISTIC = new Set([
  'OrderIdMismatch', 'WrongChain', 'WrongSettler', 'FillDeadlinePassed', 'AlreadyFilled', 'InvalidRecipient', 'InvalidValue',
  'NativeTransferFailed', 'InvalidLegs', 'InvalidPath', 'LegAmountsMismatch', 'PairNotFound', 'ZeroAddress', 'UnexpectedNativeSender',
]);

const TEXT: Record<string, string> = {
  InsufficientOutput: 'the destination swap gives less than the order\'s minimum (the pool moved)',
  NativeTransferFailed: 'the recipient refuses the native coin',
  InvalidRecipient: 'the recipient cannot receive this token',
  FillDeadlinePassed: 'the fill deadline has passed',
  AlreadyFilled: 'the order is filled already',
  NotExclusiveFiller: 'another filler holds the order\'s exclusivity window; anyone may fill once it ends',
  InsufficientLiquidity: 'the destination pool lacks liquidity',
  ERC20InsufficientBalance: 'the relayer lacks the bridge asset',
  ERC20InsufficientAllowance: 'the destination settler may not take the relayer\'s bridge asset',
};

/** The named reason of revert data (or of a viem error carrying it). */
export function revertReason(errorOrData: unknown): RevertReason {
  const data = typeof errorOrData === 'string' && errorOrData.startsWith('0x') ? (errorOrData as Hex) : revertData(errorOrData);
  if (data) {
    try {
      const decoded = decodeErrorResult({ abi: ABI, data });
      const args = decoded.args ?? [];
      const name = decoded.errorName;
      const detail = TEXT[name] ?? name;
      return { name, args, deterministic: DETERMINISTIC.has(name), text: `${detail} (${name}${args.length ? `: ${args.map(String).join(', ')}` : ''})` };
    } catch {
      return { name: 'Unknown', args: [], deterministic: false, text: `reverted with unrecognised data ${data.slice(0, 10)}` };
    }
  }
  const message = errorOrData instanceof Error ? errorOrData.message.split('\n')[0] ?? '' : String(errorOrData);
  return { name: 'Unknown', args: [], deterministic: false, text: message.slice(0, 200) };
}
