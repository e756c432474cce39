// "Dev wallet": a connector for devnets that acts as one of anvil's unlocked dev accounts, so anyone can try the app without an extension.
import { getAddress, numberToHex, type Address, type EIP1193RequestFn } from 'viem';
import { createConnector } from 'wagmi';
import { DEFAULT_DEV_ACCOUNT } from './devAccounts';

export const DEV_WALLET_ID = 'swapdesk-dev-wallet';
const ACCOUNT_KEY = 'swapdesk.devWallet.account';
const CONNECTED_KEY = 'swapdesk.devWallet.connected';

/** Chain ids anvil and hardhat use locally; only these get the dev wallet. */
export const DEVNET_CHAIN_IDS = new Set([31337, 31338, 1337]);

/** Which anvil account (0–9) the dev wallet signs with; remembered in the browser. */
export function chooseDevAccount(index: number): void {
  window.localStorage.setItem(ACCOUNT_KEY, String(index));
}

/** The remembered choice, else a trader account (never the deployer by default). */
export function chosenDevAccount(): number {
  const stored = typeof window === 'undefined' ? null : window.localStorage.getItem(ACCOUNT_KEY);
  const n = stored === null || stored === '' ? Number.NaN : Number(stored);
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_DEV_ACCOUNT;
}

async function rpc(url: string, method: string, params: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
  return body.result;
}

type Provider = { request: EIP1193RequestFn };

export function devWallet() {
  let account: Address | undefined;
  let chainId: number | undefined;
  return createConnector<Provider>((config) => {
    const chainOf = (id: number | undefined) => config.chains.find((c) => c.id === id) ?? config.chains[0];
    const urlOf = (id: number | undefined) => chainOf(id).rpcUrls.default.http[0] ?? '';
    const provider: Provider = {
      // Anvil signs for its unlocked dev accounts, so signing and sending are forwarded to the chain as they are.
      request: (async ({ method, params }: { method: string; params?: unknown }) => {
        if (method === 'eth_accounts' || method === 'eth_requestAccounts') return account ? [account] : [];
        if (method === 'eth_chainId') return numberToHex(chainId ?? chainOf(undefined).id);
        return rpc(urlOf(chainId), method, params);
      }) as EIP1193RequestFn,
    };
    return {
      id: DEV_WALLET_ID,
      name: 'Dev wallet',
      type: 'devWallet',
      async connect(parameters) {
        chainId = chainOf(parameters?.chainId ?? chainId).id;
        const accounts = (await rpc(urlOf(chainId), 'eth_accounts', [])) as string[];
        const picked = accounts[chosenDevAccount()] ?? accounts[DEFAULT_DEV_ACCOUNT] ?? accounts[0];
        if (!picked) throw new Error('this chain has no dev accounts');
        account = getAddress(picked);
        window.localStorage.setItem(CONNECTED_KEY, '1');
        return { accounts: [account] as never, chainId };
      },
      async disconnect() {
        account = undefined;
        window.localStorage.removeItem(CONNECTED_KEY);
      },
      async getAccounts() {
        return account ? [account] : [];
      },
      async getChainId() {
        return chainId ?? chainOf(undefined).id;
      },
      async getProvider() {
        return provider;
      },
      async isAuthorized() {
        return typeof window !== 'undefined' && window.localStorage.getItem(CONNECTED_KEY) === '1';
      },
      async switchChain({ chainId: wanted }) {
        const chain = chainOf(wanted);
        chainId = chain.id;
        config.emitter.emit('change', { chainId: chain.id });
        return chain;
      },
      onAccountsChanged(accounts) {
        config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) });
      },
      onChainChanged(id) {
        config.emitter.emit('change', { chainId: Number(id) });
      },
      onDisconnect() {
        config.emitter.emit('disconnect');
      },
    };
  });
}
