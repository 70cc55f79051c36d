/**
 * The typed face of the bridge: `call('sessions', 'snapshot', key)` is checked against `Services`
 * at compile time and throws a `HostError` (with the contract's error code) instead of
 * returning `{ok: false}`.
 */
import type { ErrorCode, Services } from '../../../src-shared/bridge/contract';
import type { Transport } from './transport';

export class HostError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

type Method<S extends keyof Services, M extends keyof Services[S]> = Services[S][M] extends (
  ...args: infer A
) => Promise<infer R>
  ? { args: A; result: R }
  : never;

export type CallFn = <S extends keyof Services, M extends keyof Services[S] & string>(
  service: S,
  method: M,
  ...args: Method<S, M>['args']
) => Promise<Method<S, M>['result']>;

export function createClient(transport: Transport): CallFn {
  return async (service, method, ...args) => {
    const reply = await transport.call(service, method, args);
    if (!reply.ok) throw new HostError(reply.error.code, reply.error.message);
    return reply.value as never;
  };
}
