import { setFlagsFromString } from 'node:v8';
import type { Agent, Dispatcher } from 'undici';

/** What calctl uses of undici. */
export interface UndiciParts {
  Agent: typeof Agent;
  /** undici's `request` on a given dispatcher */
  request(dispatcher: Dispatcher, opts: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
}

let loading: Promise<UndiciParts> | undefined;
let loadingRequest: Promise<{ default: typeof import('undici/lib/api/api-request.js') }> | undefined;

/**
 * Loads the parts of undici calctl uses, on first need (never for the local calendar). Its entry
 * point also loads fetch, WebSocket, the cache and cookie code and more, about two thirds of its load
 * time and part of every command against a site. `request` (used by discovery only) is loaded on
 * its first call: a run whose API base is known sends everything through the agent.
 */
export function loadUndici(): Promise<UndiciParts> {
  loading ??= (async () => {
    holdBackWasmTierUp();
    const agent = await import('undici/lib/dispatcher/agent.js');
    return {
      Agent: agent.default,
      request: async (dispatcher, opts) => {
        loadingRequest ??= import('undici/lib/api/api-request.js');
        const request = (await loadingRequest).default;
        return request.call(dispatcher, opts);
      },
    };
  })();
  return loading;
}

/**
 * undici parses HTTP with llhttp compiled to WebAssembly. V8 first runs it as quickly compiled code,
 * and once it has run a while recompiles its large state machine with its optimizing compiler, on a
 * background thread that the process then waits for before it can exit: about 170 ms, a third of a
 * short command like `calctl events list` against a site. With a far larger tiering budget only a
 * long run (an export of thousands of pages) still gets the optimized parser; V8 reads the flag when
 * the module is compiled, which is after this.
 */
function holdBackWasmTierUp(): void {
  setFlagsFromString('--wasm-tiering-budget=200000000');
}
