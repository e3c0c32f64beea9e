import { describe, expect, it } from 'vitest';
import type { Engine, EngineReply } from '../../src/engine/engine';
import { Session } from '../../src/app/session';
import { defaultState, editedSource } from '../../src/state/state';
import { fixture } from './helpers';

// An engine that answers from a script of replies and records the requests.
function scripted(replies: Record<string, EngineReply>) {
  const calls: Array<{ channel: string; source: string; options: Record<string, unknown> }> = [];
  const engine = {
    run: async (key: { view: string; slot: string }, source: string, options: string) => {
      calls.push({ channel: key.slot, source, options: JSON.parse(options) });
      return replies[key.slot];
    },
    cancel: () => {},
  } as unknown as Engine;
  return { engine, calls };
}

describe('session', () => {
  it('runs the snippet with the trace on and publishes the parsed document', async () => {
    const { engine, calls } = scripted({ main: { kind: 'ok', json: fixture('scheduled.json'), ms: 2 } });
    const s = new Session(engine, defaultState('src'));
    await s.run();
    const r = s.results.get();
    expect(r).toMatchObject({ status: 'done', ms: 2, runs: 1, error: '', compareDoc: null });
    expect(r.doc?.blocks[0].ii).toBe(2);
    expect(calls).toEqual([{ channel: 'main', source: 'src', options: { generator: 'auto', iiCap: 0, maxConstraintIterations: 10, workBudget: 10000000, serialThreshold: 8, tritonLatency: false, check: false, trace: true, emit: 'json' } }]);
  });

  it('runs the other side of a comparison on its own channel', async () => {
    const { engine, calls } = scripted({
      main: { kind: 'ok', json: fixture('scheduled.json'), ms: 1 },
      compare: { kind: 'ok', json: fixture('serial.json'), ms: 1 },
    });
    const state = defaultState('src');
    state.compare = { generator: 'serial' };
    state.options.iiCap = 7;
    const s = new Session(engine, state);
    await s.run();
    expect(calls.map((c) => [c.channel, c.options.generator, c.options.iiCap])).toEqual([['main', 'auto', 7], ['compare', 'serial', 7]]);
    expect(s.results.get().compareDoc?.blocks[0].generator).toBe('serial');
    // The other side of any comparison runs with what it changes: a target, or a pinned source.
    for (const [compare, source, model] of [[{ model: 'hopper' }, 'src', 'hopper'], [{ source: 'before' }, 'before', undefined]] as const) {
      calls.length = 0;
      s.state.update({ compare });
      await s.run();
      expect(calls.map((c) => [c.channel, c.source, c.options.model])).toEqual([['main', 'src', undefined], ['compare', source, model]]);
    }
  });

  it('reports a time-out, an engine error and a malformed document', async () => {
    const timeout = new Session(scripted({ main: { kind: 'timeout', limitMs: 1500 } }).engine, defaultState('x'));
    await timeout.run();
    expect(timeout.results.get()).toMatchObject({ status: 'timeout', doc: null });
    expect(timeout.results.get().error).toContain('Stopped after 1.5 s');

    const failed = new Session(scripted({ main: { kind: 'error', error: 'could not load', ms: 0 } }).engine, defaultState('x'));
    await failed.run();
    expect(failed.results.get()).toMatchObject({ status: 'error', error: 'could not load' });

    const bad = new Session(scripted({ main: { kind: 'ok', json: '{"version": 9}', ms: 0 } }).engine, defaultState('x'));
    await bad.run();
    expect(bad.results.get()).toMatchObject({ status: 'error', json: '{"version": 9}' });
    expect(bad.results.get().error).toContain('version 9');
  });

  it('leaves the results alone when a newer run superseded this one', async () => {
    const s = new Session(scripted({ main: { kind: 'stale' } }).engine, defaultState('x'));
    await s.run();
    expect(s.results.get()).toMatchObject({ status: 'running', runs: 0 });
  });

  it('re-runs after an edit only when run-on-edit is on, once per burst of edits', async () => {
    const { engine, calls } = scripted({ main: { kind: 'ok', json: fixture('serial.json'), ms: 0 } });
    let enabled = true;
    const s = new Session(engine, defaultState('a'), 20);
    s.watch(() => enabled);
    s.state.update({ source: 'ab' });
    s.state.update({ source: 'abc' });
    s.state.update({ panes: ['table'] });
    await new Promise((r) => setTimeout(r, 60));
    expect(calls.map((c) => c.source)).toEqual(['abc']);
    enabled = false;
    s.state.update({ source: 'abcd' });
    await new Promise((r) => setTimeout(r, 60));
    expect(calls).toHaveLength(1);
  });

  it('marks the results stale when the inputs change, and keeps them through a cancel', async () => {
    const replies: Record<string, EngineReply> = { main: { kind: 'ok', json: fixture('scheduled.json'), ms: 1 } };
    const s = new Session(scripted(replies).engine, defaultState('a'));
    await s.run();
    expect(s.results.get().stale).toBe(false);
    s.state.update({ source: 'ab' });
    expect(s.results.get()).toMatchObject({ status: 'done', stale: true });
    replies.main = { kind: 'cancelled' };
    await s.run();
    expect(s.results.get()).toMatchObject({ status: 'cancelled', stale: true, runs: 1 });
    expect(s.results.get().doc?.blocks[0].ii).toBe(2);
  });

  it('gives each session its own view id', () => {
    const { engine } = scripted({});
    expect(new Session(engine, defaultState('')).id).not.toBe(new Session(engine, defaultState('')).id);
  });
});

describe('the model follows the input', () => {
  it('starts from the IR, and forgets a picked model when the whole text is replaced', () => {
    const s = defaultState('a');
    expect(s.options.model).toBe('ir');
    const picked = { ...s, options: { ...s.options, model: 'hopper' as const } };
    // An edit of the input keeps the model picked for it.
    expect(editedSource(picked, 'ab', false)).toEqual({ source: 'ab' });
    // A paste over the whole text is another input: its own IR target picks again.
    expect(editedSource(picked, 'other kernel', true)).toEqual({ source: 'other kernel', options: { ...picked.options, model: 'ir' } });
    expect(editedSource({ ...s, options: { ...s.options, model: 'custom', modelJson: '{}' } }, 'x', true).options?.model).toBe('ir');
    expect(editedSource(s, 'other kernel', true)).toEqual({ source: 'other kernel' });
  });
});
