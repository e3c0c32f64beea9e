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
