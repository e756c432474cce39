// openapi-typescript needs TypeScript's compiler API, which TypeScript 7 (the project's native `tsc`) does not
// ship: load with `--import` to resolve its `typescript` import to the `typescript-5` alias dependency.
import { register } from 'node:module';

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/openapi-typescript/')) {
    return nextResolve('typescript-5', context);
  }
  return nextResolve(specifier, context);
}

if (!process.env.SWAPDESK_TS5_HOOKED) {
  process.env.SWAPDESK_TS5_HOOKED = '1';
  register(import.meta.url);
}
