import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A page component loaded on first use (its own chunk), shown with a quiet
 * placeholder while the chunk arrives. `name` is the page's named export.
 */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): ComponentType {
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({
    default: (await load())[name],
  }));
  function LazyPage() {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}

function PageLoading() {
  return (
    <div className="page-loading" role="status">
      Loading…
    </div>
  );
}
