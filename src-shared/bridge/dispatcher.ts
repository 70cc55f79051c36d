/**
 * One dispatcher for every transport (Electron IPC, WebSocket, in-memory in tests): checks the
 * request against the allowlist, validates its arguments, calls the service and answers
 * `{ok, value} | {ok: false, error}`. No exception crosses it.
 */
import { BridgeError, METHOD_ARGS, type BridgeReply, type Services } from './contract';

export type Dispatcher = (request: unknown) => Promise<BridgeReply>;

export function createDispatcher(services: Services): Dispatcher {
  return async (request) => {
    try {
      if (typeof request !== 'object' || request === null)
        throw new BridgeError('bad-arguments', 'request must be an object');
      const { service, method, args } = request as { service?: unknown; method?: unknown; args?: unknown };
      if (typeof service !== 'string' || typeof method !== 'string' || !Object.hasOwn(METHOD_ARGS, service))
        throw new BridgeError('unknown-method', `unknown service ${String(service)}`);
      const table = METHOD_ARGS[service as keyof Services] as Record<string, (a: unknown) => unknown>;
      if (!Object.hasOwn(table, method))
        throw new BridgeError('unknown-method', `unknown method ${service}.${method}`);
      const checked = table[method]!(args ?? []);
      if (typeof checked === 'string')
        throw new BridgeError('bad-arguments', `${service}.${method} ${checked}`);
      const impl = services[service as keyof Services] as unknown as Record<
        string,
        (...a: unknown[]) => Promise<unknown>
      >;
      const value = await impl[method]!(...(checked as unknown[]));
      return { ok: true, value: value ?? null };
    } catch (error) {
      return errorReply(error);
    }
  };
}

/** The reply that says what went wrong (a host's, for a value that failed after its call returned). */
export function errorReply(error: unknown): BridgeReply {
  if (error instanceof BridgeError) return { ok: false, error: { code: error.code, message: error.message } };
  return { ok: false, error: { code: 'internal', message: (error as Error)?.message ?? String(error) } };
}
