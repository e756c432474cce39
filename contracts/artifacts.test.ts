import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderContractFiles, SOLC_EVM_VERSION, SOLC_VIA_IR } from '../scripts/contracts/compileContracts';

describe('contract artifacts', () => {
  it('are fresh: compiling contracts/src again gives the committed files', () => {
    const stale: string[] = [];
    for (const [file, content] of renderContractFiles()) {
      let committed = '';
      try {
        committed = readFileSync(file, 'utf8');
      } catch {
        committed = '';
      }
      if (committed !== content) stale.push(file);
    }
    expect(stale, 'run `npm run contracts:build`').toEqual([]);
  }, 120_000);
});

describe('compiler settings', () => {
  it('pin the EVM version: every compiled contract targets it, not the compiler default', () => {
    expect(SOLC_EVM_VERSION).toBe('cancun');
    for (const name of ['SwapRouter', 'DestinationSettler']) {
      const artifact = JSON.parse(readFileSync(`contracts/artifacts/${name}.json`, 'utf8')) as { evmVersion?: string };
      expect(artifact.evmVersion, name).toBe(SOLC_EVM_VERSION);
    }
  });

  it('compile through the IR pipeline, as the artifacts record from the compiler\'s own metadata', () => {
    expect(SOLC_VIA_IR).toBe(true);
    for (const name of ['SwapRouter', 'DestinationSettler']) {
      const artifact = JSON.parse(readFileSync(`contracts/artifacts/${name}.json`, 'utf8')) as { viaIR?: boolean };
      expect(artifact.viaIR, name).toBe(true);
    }
  });
});

/** EIP-170: no chain accepts deployed code above 24,576 bytes. */
const EIP170_MAX_CODE_BYTES = 24_576;

describe('contract size', () => {
  it('keeps SwapRouter and DestinationSettler under the EIP-170 limit', () => {
    for (const name of ['SwapRouter', 'DestinationSettler']) {
      const artifact = JSON.parse(readFileSync(`contracts/artifacts/${name}.json`, 'utf8')) as { deployedBytecodeSize?: number };
      expect(artifact.deployedBytecodeSize, name).toBeGreaterThan(1_000);
      expect(artifact.deployedBytecodeSize, name).toBeLessThanOrEqual(EIP170_MAX_CODE_BYTES);
    }
  });
});
