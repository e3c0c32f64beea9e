// The graph pane's layout worker: dagre runs here, loaded with the worker when the pane first
// opens, so neither the page's first result nor its main thread waits for it.
import { layoutGraph, type LayoutRequest } from '../model/graph-layout';

self.onmessage = (e: MessageEvent<{ id: number; request: LayoutRequest }>) => {
  const { id, request } = e.data;
  try {
    self.postMessage({ id, result: layoutGraph(request) });
  } catch (err) {
    self.postMessage({ id, error: String((err as Error)?.message ?? err) });
  }
};
