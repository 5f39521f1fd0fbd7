import { lazy, Suspense, type ComponentType } from 'react';
import { Card } from 'antd';

/**
 * A card component loaded in a chunk of its own when it first renders, with a loading card holding its place
 * meanwhile: for cards that pull in a heavy library (the dashboard's charts), so the page that shows them loads
 * without it and shows its other content at once.
 */
export function lazyCard<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyCard(props: P) {
    return (
      <Suspense fallback={<Card loading />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
