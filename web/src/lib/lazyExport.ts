import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own bound for lazy()
type AnyComponent = ComponentType<any>;
/** The names under which a module exports components. */
type ComponentNames<M> = { [K in keyof M]: M[K] extends AnyComponent ? K : never }[keyof M];

/**
 * A component that a chunk exports by name, loaded when it first renders (React's `lazy`
 * takes a default export). The chunk is fetched once however many of its exports are used.
 *
 *   const AboutPage = lazyExport(() => import('./routes/static'), 'AboutPage');
 */
export function lazyExport<M, K extends ComponentNames<M>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<Extract<M[K], AnyComponent>> {
  return lazy(() =>
    load().then((module) => ({ default: module[name] as Extract<M[K], AnyComponent> })),
  );
}
