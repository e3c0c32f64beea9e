// Messages between the engine host (main thread) and the scheduler worker.

export interface InitRequest {
  type: 'init';
  module: WebAssembly.Module | null; // compiled by an earlier worker; null = compile here
}

export interface ScheduleRequest {
  type: 'schedule';
  id: number;
  view: string; // the view that asked (the reply goes back to it by id)
  source: string;
  options: string; // optionsJson of the Embind call
}

export type HostMessage = InitRequest | ScheduleRequest;

export interface ReadyReply {
  type: 'ready';
  version: string;
  module: WebAssembly.Module; // for the host to hand to the next worker
}

export interface InitErrorReply {
  type: 'init-error';
  error: string;
}

export interface ScheduleReply {
  type: 'result';
  id: number;
  ok: boolean;
  json?: string;
  error?: string;
  ms: number;
}

export type WorkerMessage = ReadyReply | InitErrorReply | ScheduleReply;
