// Compiles contracts/src with solc-js (offline) and renders artifacts plus typed `as const` ABIs for viem.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SOURCE_DIR = path.join(ROOT, 'contracts/src');
const SOLC_OPTIMIZER_RUNS = 200;
/**
 * Cancun (PUSH0, MCOPY, transient storage) runs on Ethereum mainnet since March 2024 and on the major L2s (Arbitrum,
 * Optimism, Base, Polygon PoS); solc's own default (osaka) does not yet run everywhere.
 */
export const SOLC_EVM_VERSION = 'cancun';
/**
 * Through the IR pipeline: SwapRouter (same-chain, Permit2, cross-chain origin with `open` and `openFor`) fits under
 * EIP-170 only so, and the pipeline lifts the stack-depth limit its structs would otherwise hit.
 */
export const SOLC_VIA_IR = true;

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; metadata: string; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
};

/**
 * `evmVersion` and `viaIR` are what the compiler actually did (from its metadata); absent for the shipped Uniswap builds.
 */
type Artifact = { contractName: string; abi: unknown[]; bytecode: `0x${string}`; deployedBytecodeSize?: number; evmVersion?: string; viaIR?: boolean };

/** Uniswap V2 and WETH9 are deployed exactly as shipped: never recompiled (the pair's init code hash). */
/** Uniswap V3 likewise: a pool's address derives from the hash of its creation code. */
const SHIPPED: { name: string; file: string }[] = [
  { name: 'UniswapV2Factory', file: '@uniswap/v2-core/build/UniswapV2Factory.json' },
  { name: 'UniswapV2Pair', file: '@uniswap/v2-core/build/UniswapV2Pair.json' },
  { name: 'UniswapV2Router02', file: '@uniswap/v2-periphery/build/UniswapV2Router02.json' },
  { name: 'WETH9', file: '@uniswap/v2-periphery/build/WETH9.json' },
  { name: 'UniswapV3Factory', file: '@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json' },
  { name: 'UniswapV3Pool', file: '@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json' },
  { name: 'NonfungiblePositionManager', file: '@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json' },
  { name: 'QuoterV2', file: '@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json' },
  { name: 'UniswapV3SwapRouter', file: '@uniswap/v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json' },
];

/**
 * Vendored creation code, deployed as it is (contracts/vendor/<name>.json records the package it was taken from). Permit2's
 * is the code of Uniswap's mainnet deployment: through the deterministic CREATE2 deployer with Uniswap's salt it lands at
 * the canonical address, and its EIP-712 domain binds that address.
 */
const VENDORED = ['Permit2'];

function findImport(importPath: string): { contents: string } | { error: string } {
  for (const base of [SOURCE_DIR, path.join(ROOT, 'node_modules')]) {
    try {
      return { contents: readFileSync(path.join(base, importPath), 'utf8') };
    } catch {
      // try the next base
    }
  }
  return { error: `import not found: ${importPath}` };
}

function compileSources(): Artifact[] {
  const solc = require('solc') as { compile: (input: string, opts: object) => string };
  const sources: Record<string, { content: string }> = {};
  for (const file of readdirSync(SOURCE_DIR).filter((f) => f.endsWith('.sol')).sort()) {
    sources[file] = { content: readFileSync(path.join(SOURCE_DIR, file), 'utf8') };
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: SOLC_OPTIMIZER_RUNS },
      // Pinned, not left to the compiler default: the bytecode must run on every chain the router is deployed to.
      evmVersion: SOLC_EVM_VERSION,
      viaIR: SOLC_VIA_IR,
      outputSelection: { '*': { '*': ['abi', 'metadata', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const artifacts: Artifact[] = [];
  for (const file of Object.keys(sources)) {
    for (const [contractName, c] of Object.entries(output.contracts[file] ?? {})) {
      // Abstract contracts (LegSwapper) have no bytecode of their own; their ABI lives in the contracts using them.
      if (c.evm.bytecode.object === '') continue;
      const metadata = JSON.parse(c.metadata) as { settings: { evmVersion: string; viaIR?: boolean } };
      artifacts.push({
        contractName,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecodeSize: c.evm.deployedBytecode.object.length / 2,
        evmVersion: metadata.settings.evmVersion,
        viaIR: metadata.settings.viaIR === true,
      });
    }
  }
  return artifacts;
}

function shippedArtifacts(): Artifact[] {
  return SHIPPED.map(({ name, file }) => {
    const json = require(file) as { abi: unknown[]; bytecode?: string; evm?: { bytecode: { object: string } } };
    const raw = json.bytecode ?? json.evm?.bytecode.object ?? '';
    const hex = raw.startsWith('0x') ? raw : `0x${raw}`;
    return { contractName: name, abi: json.abi, bytecode: hex as `0x${string}` };
  });
}

function vendoredArtifacts(): Artifact[] {
  return VENDORED.map((name) => {
    const json = JSON.parse(readFileSync(path.join(ROOT, 'contracts/vendor', `${name}.json`), 'utf8')) as { abi: unknown[]; bytecode: `0x${string}` };
    return { contractName: name, abi: json.abi, bytecode: json.bytecode };
  });
}

function lowerFirst(name: string): string {
  const match = /^[A-Z0-9]+(?=[A-Z][a-z]|$)/.exec(name);
  if (match && match[0].length > 1) {
    const head = match[0];
    const keep = head.length === name.length ? head.length : head.length - 1;
    return head.slice(0, keep).toLowerCase() + name.slice(keep);
  }
  return name.charAt(0).toLowerCase() + name.slice(1);
}

function renderTs(a: Artifact): string {
  const id = lowerFirst(a.contractName);
  return [
    `// Generated by \`npm run contracts:build\` from ${a.contractName}; do not edit.`,
    `export const ${id}Abi = ${JSON.stringify(a.abi, null, 2)} as const;`,
    '',
    `export const ${id}Bytecode = '${a.bytecode}' as const;`,
    '',
  ].join('\n');
}

/** Every generated file, keyed by its path relative to the project root. */
export function renderContractFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const all = [...compileSources(), ...shippedArtifacts(), ...vendoredArtifacts()];
  for (const a of all) {
    files.set(`contracts/artifacts/${a.contractName}.json`, `${JSON.stringify(a, null, 2)}\n`);
    files.set(`contracts/generated/${lowerFirst(a.contractName)}.ts`, renderTs(a));
  }
  return files;
}
