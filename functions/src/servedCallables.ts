/**
 * Compile-time proof that index.ts serves every callable of the registry
 * (domain/src/callables/registry.ts) under its own name, each made from its own contract: a
 * callable missing here, renamed, or wired to another's contract fails the build.
 */
import type { CallableName, ContractOf } from '@rafflewin/domain';
import type * as served from './index';

type Served = typeof served;

type Unserved = {
  [N in CallableName]: N extends keyof Served
    ? Served[N] extends { contract: ContractOf<N> }
      ? never
      : N
    : N;
}[CallableName];

export const everyCallableServed: [Unserved] extends [never] ? true : Unserved = true;
