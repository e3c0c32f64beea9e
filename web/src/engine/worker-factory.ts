// Creates the scheduler worker bundled by Vite.
import workerUrl from './scheduler.worker.ts?worker&url';

// A module worker must be same-origin; a page embedding the element from another origin gets a
// same-origin blob worker that imports the real one.
export function createSchedulerWorker(): Worker {
  const url = new URL(workerUrl, import.meta.url);
  if (url.origin === globalThis.location?.origin) return new Worker(url, { type: 'module' });
  const shim = new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(shim), { type: 'module' });
}

// Two workers let a slow example (or the comparison run) go on while another view gets its
// result; more would mostly cost memory (each holds its own wasm heap) on the phones and
// two-core laptops docs readers have.
export const WORKERS = Math.max(1, Math.min(2, globalThis.navigator?.hardwareConcurrency ?? 2));
