import { createElement, lazy, type ComponentType } from 'react';
import { currentDrawing } from './drawing-context.ts';

/** A lazily loaded component that renders at once, without suspending, once it has loaded. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own `lazy`
export type ReadyLazy<C extends ComponentType<any> = ComponentType> = C & {
  /** Loads the component; once this has resolved, the component renders without suspending. */
  ready: () => Promise<unknown>;
};

const registry = new Map<string, ReadyLazy>();

/** Loads the lazy components named (those a drawing rendered); unknown names are skipped. */
export function readyLazies(names: readonly string[]): Promise<unknown> {
  return Promise.all(names.map((name) => registry.get(name)?.ready()));
}

/**
 * Like `lazy`, and a render after `ready()` has resolved does not suspend. A page the server drew
 * (docs/decisions/0060) is taken over only once every lazy component the drawing rendered is
 * ready (the drawing names them, by `name`): a component suspending while Preact hydrates takes
 * the next element the server drew as its own, and what should have had it draws a new one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own `lazy`
export function readyLazy<C extends ComponentType<any>>(
  /** Its name in what a drawing renders; null for a route's page (App.tsx readies it by path). */
  name: string | null,
  load: () => Promise<{ default: C }>,
): ReadyLazy<C> {
  let loaded: C | undefined;
  let loading: Promise<{ default: C }> | undefined;
  const ready = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed download (offline, a new deploy) is tried again next time.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(ready);
  function Ready(props: object) {
    // On the server, the drawing notes it: the browser readies it before hydrating.
    if (name !== null) currentDrawing()?.lazies.add(name);
    return createElement((loaded ?? Lazy) as ComponentType<object>, props);
  }
  const component = Object.assign(Ready, { ready }) as unknown as ReadyLazy<C>;
  if (name !== null) registry.set(name, component as unknown as ReadyLazy);
  return component;
}
